// REST defaults; the Worker always sends pagination explicitly (docs/product.md section 9).
module.exports = {
  rest: {
    defaultLimit: 25,
    maxLimit: 1000,
    withCount: true,
  },
};
