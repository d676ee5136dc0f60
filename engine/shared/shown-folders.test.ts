import { describe, expect, it } from 'vitest';
import type { Catalogue, Page } from '../index.ts';
import { isGalleryKind, kindOf } from '../kinds.ts';
import { loadCatalogue } from '../node/read.ts';
import { cardsOf } from '../sections.ts';
import { folderRoles } from './health.ts';
import { lookedUpFolders, pageFolders } from './shown-folders.ts';

const built = loadCatalogue();
if (!built.ok) throw new Error('the manifest is invalid');
const c: Catalogue = built.catalogue;
const pageAt = (path: string): Page => {
  const page = c.pages.find((p) => p.path === path);
  if (!page) throw new Error(`no page ${path}`);
  return page;
};

describe('the folders a page shows (pageFolders), on the real manifest', () => {
  it('names only declared folders, each way once', () => {
    const declared = new Set(c.folders.map((f) => f.path));
    for (const page of c.pages) {
      const shown = pageFolders(page);
      for (const f of shown) expect(declared.has(f.path), `${page.path}: ${f.path}`).toBe(true);
      expect(new Set(shown.map((f) => `${f.by} ${f.path}`)).size, page.path).toBe(shown.length);
    }
  });

  it('gives every gallery with a folder its folder, with the media its kind shows', () => {
    const galleries = c.pages.filter((p) => isGalleryKind(p.kind) && p.folder !== undefined);
    expect(galleries.length).toBeGreaterThan(20);
    for (const page of galleries) {
      const media = kindOf(page.kind).gallery?.media;
      expect(pageFolders(page), page.path).toContainEqual({ path: page.folder, by: 'gallery', media });
    }
  });

  it('counts the folder of a card’s gallery dialog as shown, as a section’s own dialog', () => {
    // The Pergola Images hub: its product's folder (the intro's picture), and 'Browse Configurations',
    // a further button of its intro whose dialog shows the top pergola folder.
    const hub = pageAt('/pergola-images');
    expect(cardsOf(hub.sections[0]!).find((card) => card.dialog?.folder)?.dialog?.folder).toBe('Aluminum Pergolas');
    expect(pageFolders(hub)).toEqual([
      { path: 'Aluminum Pergolas/Images', by: 'product' },
      { path: 'Aluminum Pergolas', by: 'dialog' },
    ]);
    // The server looks up the ids of galleries' and dialogs' folders, not of the product's (the product list has it).
    expect(lookedUpFolders(hub)).toEqual(['Aluminum Pergolas']);
    expect(lookedUpFolders(pageAt('/pergola-fixed-roof-attached-images'))).toEqual([
      'Aluminum Pergolas/Fixed Roof/Attached to Structure/Images',
    ]);
  });

  it('is what folder health counts: a folder only a card’s dialog shows is shown, and expects what its galleries show', () => {
    const hub = pageAt('/pergola-images');
    const only = (pages: Page[]): Catalogue => ({ ...c, pages, products: [], aggregates: {} });
    const role = (cat: Catalogue, path: string) => folderRoles(cat).find((r) => r.path === path);
    expect(role(only([hub]), 'Aluminum Pergolas')?.shown).toBe(true);
    const withoutDialogs = { ...hub, sections: hub.sections.map((s) => ({ ...s, items: [] })) };
    expect(role(only([withoutDialogs]), 'Aluminum Pergolas')?.shown).toBe(false);
    // Whole manifest: every folder a page shows is shown; a video gallery's folder expects videos.
    const roles = folderRoles(c);
    for (const page of c.pages)
      for (const f of pageFolders(page)) expect(roles.find((r) => r.path === f.path)?.shown, f.path).toBe(true);
    const videos = pageAt('/pergola-fixed-roof-attached-videos').folder;
    expect(roles.find((r) => r.path === videos)?.expects).toBe('videos');
  });
});
