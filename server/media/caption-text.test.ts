import { describe, expect, it } from 'vitest';
import {
  captionsFileLanguage,
  captionsFor,
  parseCaptionTable,
  parseCaptionText,
  withCaptions,
} from './caption-text.ts';
import type { StoreFile } from './types.ts';

describe('caption files and texts', () => {
  it('knows a captions file and its language', () => {
    expect(captionsFileLanguage('captions.yaml')).toBe('');
    expect(captionsFileLanguage('captions.es.yaml')).toBe('es');
    expect(captionsFileLanguage('captions.pt-BR.yaml')).toBe('pt-BR');
    for (const name of ['captions.yml', 'captions.ES.yaml', 'captions.spanish.yaml', 'my-captions.yaml', 'a.jpg'])
      expect(captionsFileLanguage(name), name).toBeNull();
  });

  it('reads a table of texts, leaving out what is not one', () => {
    const table = parseCaptionTable('a.jpg: "  Pérgola  junto a la piscina "\nb.jpg: 42\nc.jpg: ""\n');
    expect([...table]).toEqual([['a.jpg', 'Pérgola junto a la piscina']]);
    expect(parseCaptionTable('- a list').size).toBe(0);
    expect(parseCaptionTable('a.jpg: [unclosed\n  : :').size).toBe(0);
  });

  it("splits a file's own text into its default caption and one per language line", () => {
    const text = 'Bronze pergola\n  at dusk\nes: Pérgola de bronce\nal atardecer\npt-BR:  Pérgola ao entardecer\n';
    expect(Object.fromEntries(parseCaptionText(text))).toEqual({
      '': 'Bronze pergola at dusk',
      es: 'Pérgola de bronce al atardecer',
      'pt-BR': 'Pérgola ao entardecer',
    });
    // Only a Spanish line: no default caption; a capitalised word and a colon is no language line.
    expect(Object.fromEntries(parseCaptionText('es: Solo en español'))).toEqual({ es: 'Solo en español' });
    expect(Object.fromEntries(parseCaptionText('Note: a bay window\nes:   '))).toEqual({ '': 'Note: a bay window' });
  });

  it("lays a file's own text over its folder's tables, language by language", () => {
    const tables = new Map([
      ['', new Map([['a.jpg', 'From the table']])],
      ['es', new Map([['a.jpg', 'De la tabla']])],
    ]);
    const own = parseCaptionText('es: Del archivo');
    expect(Object.fromEntries(captionsFor('a.jpg', tables, own))).toEqual({ '': 'From the table', es: 'Del archivo' });
    expect(captionsFor('b.jpg', tables).size).toBe(0);
  });

  it('puts the default caption in `caption` and the others in `captions`, only when there are some', () => {
    const file: StoreFile = { id: 'f1', name: 'a.jpg', mimeType: 'image/jpeg', version: 'v', caption: 'Old' };
    expect(withCaptions(file, new Map([['', 'New']]))).toEqual({ ...file, caption: 'New' });
    expect(withCaptions(file, new Map())).not.toHaveProperty('caption');
    expect(withCaptions(file, new Map())).not.toHaveProperty('captions');
    const both = withCaptions(
      file,
      new Map([
        ['es', 'Nuevo'],
        ['de', 'Neu'],
        ['', 'New'],
      ]),
    );
    expect(both).toEqual({ ...file, caption: 'New', captions: { de: 'Neu', es: 'Nuevo' } });
    expect(Object.keys(both.captions ?? {})).toEqual(['de', 'es']);
  });
});
