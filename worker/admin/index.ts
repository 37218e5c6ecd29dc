export { adminDesk, deskPolicy } from "./routes";
