import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../engine/index.ts';
import { addMember, guidedFamilies, slugOf } from './guided.ts';

// The manifest's files as text, read by Vite at test time (the site's tests see no Node APIs).
const raw = import.meta.glob<string>('../../../manifest/*.yaml', { query: '?raw', import: 'default', eager: true });
const files = Object.entries(raw)
  .map(([path, text]) => ({ name: path.split('/').pop()!, text }))
  .sort((a, b) => a.name.localeCompare(b.name));
const families = files.find((f) => f.name === 'families.yaml')!;

describe('guided additions', () => {
  it("offer each family's member fields, slug and name first and required", () => {
    const pergolas = guidedFamilies(files).find((f) => f.id === 'pergola-variants')!;
    expect(pergolas.file).toBe('families.yaml');
    expect(pergolas.fields.map((f) => f.key)).toEqual([
      'slug',
      'name',
      'folder',
      'subcategory',
      'type',
      'description',
      'features',
    ]);
    expect(pergolas.fields.filter((f) => f.required).map((f) => f.key)).toEqual(['slug', 'name']);
    expect(pergolas.fields.find((f) => f.key === 'features')?.list).toBe(true);
    expect(pergolas.fields.find((f) => f.key === 'subcategory')?.example).toBe('louvered-roof');
    // A member whose texts are given per language shows its default-language ones as examples.
    const example = (key: string) => pergolas.fields.find((f) => f.key === key)?.example ?? '';
    expect(example('name')).toBe('Special Cuts & Angle Pergolas');
    expect(example('description')).toMatch(/^Pergolas cut to fit angled walls/);
    expect(example('features').split('\n')[0]).toBe('Angled and mitered frames');
    expect(example('features')).not.toContain('[object Object]');
    expect(guidedFamilies(files).map((f) => f.id)).toEqual([
      'pergola-variants',
      'screen-applications',
      'interior-types',
    ]);
  });

  it('add a member at the end of its family, every other line as it was, and the manifest stays valid', () => {
    const member = {
      slug: 'pool-side',
      name: 'Pool Side Pergolas',
      folder: 'Aluminum Pergolas/Pool Side',
      subcategory: 'louvered-roof',
      type: 'pool-side',
      description: 'A louvered pergola sized for the pool deck: salt-air proof.',
      features: ['Salt-air finish', 'Louvers rotate 0-90 degrees'],
    };
    const result = addMember(families.text, 'pergola-variants', member)!;
    expect(result.added).toMatchInlineSnapshot(`
      "      - slug: pool-side
              name: Pool Side Pergolas
              folder: Aluminum Pergolas/Pool Side
              subcategory: louvered-roof
              type: pool-side
              description: "A louvered pergola sized for the pool deck: salt-air proof."
              features: [Salt-air finish, Louvers rotate 0-90 degrees]"
    `);
    const before = families.text.split('\n');
    const after = result.text.split('\n');
    expect(after.length).toBe(before.length + 7);
    expect(after.slice(result.line - 1, result.line + 6).join('\n')).toBe(result.added);
    expect([...after.slice(0, result.line - 1), ...after.slice(result.line + 6)]).toEqual(before);
    const built = buildCatalogue(
      files.map((f) => ({ file: `manifest/${f.name}`, text: f === families ? result.text : f.text })),
    );
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect(built.catalogue.pages.find((p) => p.path === '/pergola-pool-side')?.heading).toBe('Pool Side Pergolas');
  });

  it('say when there is no member list to add to', () => {
    expect(addMember('families: []\n', 'pergola-variants', { slug: 'x', name: 'X' })).toBeNull();
    expect(addMember('families:\n  - id: a\n    members: [{ slug: b }]\n', 'a', { slug: 'x' })).toBeNull();
  });

  it('suggest a slug from a name', () => {
    expect(slugOf('Special Cuts & Angle Pergolas')).toBe('special-cuts-angle-pergolas');
  });
});
