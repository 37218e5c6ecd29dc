/** vnu-jar's main export: the path of the bundled vnu.jar (a String object). */
declare module "vnu-jar" {
  const jarPath: string;
  export default jarPath;
}
