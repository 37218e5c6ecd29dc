export { catchUp, watchSchedule, watchWithoutCache } from "./watch";
