import type { Drawing, Folder } from './model.ts';

interface TreeNode {
  readonly children: Map<string, TreeNode>;
  driveId?: string;
  drawing?: Drawing;
}

/**
 * The folder checklist: every declared path plus its parents, depth first, siblings in the order
 * they first appear in the manifest.
 */
export function folderTree(declared: readonly { path: string; driveId?: string; drawing?: Drawing }[]): Folder[] {
  const root: TreeNode = { children: new Map() };
  for (const { path, driveId, drawing } of declared) {
    let node = root;
    for (const name of path.split('/')) {
      let next = node.children.get(name);
      if (!next) node.children.set(name, (next = { children: new Map() }));
      node = next;
    }
    if (driveId) node.driveId = driveId;
    if (drawing) node.drawing = drawing;
  }
  const out: Folder[] = [];
  const walk = (node: TreeNode, parent: string | undefined, depth: number, inherited?: Drawing): void => {
    for (const [name, child] of node.children) {
      const path = parent ? `${parent}/${name}` : name;
      const drawing = child.drawing ?? inherited;
      out.push({
        path,
        name,
        depth,
        ...(parent ? { parent } : {}),
        ...(child.driveId ? { driveId: child.driveId } : {}),
        ...(drawing ? { drawing } : {}),
      });
      walk(child, path, depth + 1, drawing);
    }
  };
  walk(root, undefined, 0);
  return out;
}
