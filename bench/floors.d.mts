// Types for the TypeScript tests of the floors' page copies (bench/tests/floors.test.ts);
// the bench itself is plain JavaScript.
export type TreeNode = string | [string, Record<string, unknown>, ...TreeNode[]];
export function htmlToTree(html: string): TreeNode[];
export function copyOf(html: string): {
  lang: string;
  head: TreeNode[];
  body: TreeNode[];
  bodyProps: Record<string, unknown>;
};
export function withoutScripts(html: string): string;
export function subresourcesOf(html: string): string[];
export function decodeEntities(text: string): string;
export function floorHeaders(
  siteHeaders?: Record<string, string>,
  answerHeaders?: Headers,
): Record<string, string>;
export function buildFloorApp(): void;
export function startFloorServers(options: {
  site: string;
  routes: [string, string][];
  port: number;
}): Promise<{ limit: string; framework: string; stop: () => void }>;
