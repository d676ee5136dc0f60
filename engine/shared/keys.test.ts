import { describe, expect, it } from 'vitest';
import { DATA_KEYS, dataValue, keyOf, keys, paramOf, refreshPath, sourceKey } from './keys.ts';

describe('the table of data keys', () => {
  it('keeps the API paths of the spec, each argument URL-encoded', () => {
    expect(Object.fromEntries(Object.entries(DATA_KEYS).map(([name, row]) => [name, row.path]))).toEqual({
      products: '/api/products',
      slotImages: '/api/preview-images',
      folder: '/api/drive-images/:folderId',
      aggregate: '/api/drive-images-aggregated/:type',
      folderPreview: '/api/drive-preview/:folderId',
      mediaItem: '/api/media-item/:fileId',
      folderLookup: 'folder:',
    });
    expect([keys.products, keys.slotImages]).toEqual(['/api/products', '/api/preview-images']);
    expect(keys.folder('a b/c')).toBe('/api/drive-images/a%20b%2Fc');
    expect(keyOf('aggregate', 'motorized-screens')).toBe('/api/drive-images-aggregated/motorized-screens');
    expect(keys.folderPreview('x1')).toBe('/api/drive-preview/x1');
    expect(keys.mediaItem('f:1')).toBe('/api/media-item/f%3A1');
    expect(sourceKey({ aggregate: 'a' })).toBe(keys.aggregate('a'));
  });

  it('names the route parameter of each API path; a folder lookup is no API path and keeps its path as it is', () => {
    expect(paramOf('folder')).toBe('folderId');
    expect(paramOf('aggregate')).toBe('type');
    expect(paramOf('products')).toBeNull();
    expect(paramOf('folderLookup')).toBeNull();
    expect(keys.folderLookup('Aluminum Pergolas/Images')).toBe('folder:Aluminum Pergolas/Images');
  });

  it('reads a value by its name from fetched data, and says where a listing is refreshed', () => {
    const fetched = { '/api/drive-preview/x1': { previewUrl: '/p.jpg' } };
    expect(dataValue(fetched, 'folderPreview', 'x1')?.previewUrl).toBe('/p.jpg');
    expect(dataValue(fetched, 'products')).toBeUndefined();
    expect(refreshPath({ folderId: 'a b' })).toBe('/api/refresh/a%20b');
    expect(refreshPath({ aggregate: 'motorized-screens' })).toBe('/api/refresh-aggregated/motorized-screens');
  });
});
