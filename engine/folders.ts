import type { Folder } from './model.ts';

interface TreeNode {
  readonly children: Map<string, TreeNode>;
  driveId?: string;
}

/**
 * The folder checklist: every declared path plus its parents, depth first, siblings in the order
 * they first appear in the manifest.
 */
export function folderTree(declared: readonly { path: string; driveId?: string }[]): Folder[] {
  const root: TreeNode = { children: new Map() };
  for (const { path, driveId } of declared) {
    let node = root;
    for (const name of path.split('/')) {
      let next = node.children.get(name);
      if (!next) node.children.set(name, (next = { children: new Map() }));
      node = next;
    }
    if (driveId) node.driveId = driveId;
  }
  const out: Folder[] = [];
  const walk = (node: TreeNode, parent: string | undefined, depth: number): void => {
    for (const [name, child] of node.children) {
      const path = parent ? `${parent}/${name}` : name;
      out.push({
        path,
        name,
        depth,
        ...(parent ? { parent } : {}),
        ...(child.driveId ? { driveId: child.driveId } : {}),
      });
      walk(child, path, depth + 1);
    }
  };
  walk(root, undefined, 0);
  return out;
}
