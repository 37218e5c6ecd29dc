export { catchUp, type OnReleased, watchSchedule, watchWithoutCache } from "./watch";
