// REST defaults; the Worker always sends pagination explicitly (SPEC.md section 9).
module.exports = {
  rest: {
    defaultLimit: 25,
    maxLimit: 1000,
    withCount: true,
  },
};
