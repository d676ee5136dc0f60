import { useState } from 'react';
import useSWR from 'swr';
import type { ApiSlotImages } from '../../../engine/shared/api.ts';
import { fetchJson } from '../../data/fetcher.ts';
import { FRESH_MS } from '../../../engine/shared/keys.ts';
import { styled } from '../../styles/stitches.ts';
import { ChangeImageDialog } from '../ChangeImageDialog.tsx';
import { STAFF_API, type ImageManagerPayload, type StaffSlot } from '../../../engine/shared/staff.ts';
import { Button, Muted, Notice } from '../ui.tsx';

const Grid = styled('div', {
  display: 'grid',
  gap: '$5',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  marginBottom: '$7',
});

const Card = styled('article', {
  display: 'grid',
  gap: '$3',
  padding: '$3',
  borderRadius: '$md',
  border: '1px solid $border',
  boxShadow: '$card',
  img: {
    width: '100%',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    borderRadius: '$sm',
    backgroundColor: '$placeholder',
  },
  h3: { margin: 0 },
});

/**
 * The map as the server has it now: its Cache-Control lets browsers reuse a stale copy while
 * revalidating, which would hide an upload just made.
 */
const fetchFresh = (url: string): Promise<ApiSlotImages> => fetchJson<ApiSlotImages>(url, { cache: 'no-cache' });

/** The spec's policy for the slot image map: no retry, fresh 30 s, refetched on focus. */
const SLOT_IMAGES_POLICY = {
  shouldRetryOnError: false,
  dedupingInterval: FRESH_MS.slotImages,
  revalidateOnFocus: true,
};

/** Image Manager: every slot of the manifest by group, each with its current image and 'Change Image'. */
export default function ImageManager({ payload }: { readonly payload: ImageManagerPayload }) {
  const { texts } = payload;
  const { data, error, mutate } = useSWR<ApiSlotImages>(STAFF_API.slotImages, fetchFresh, SLOT_IMAGES_POLICY);
  const [editing, setEditing] = useState<StaffSlot | null>(null);

  const uploaded = (id: string, imageUrl: string): void => {
    // Show the new image at once, then ask the server for the whole map again.
    void mutate((current) => ({ ...current, [id]: { imageUrl, url: imageUrl } }), { revalidate: true });
    setEditing(null);
  };

  return (
    <>
      <h1>{payload.heading}</h1>
      {error && <Notice role="alert">{texts['loadFailed']}</Notice>}
      {payload.groups.map((group) => (
        <section key={group.name} aria-label={group.name}>
          <h2>{group.name}</h2>
          <Grid>
            {group.slots.map((slot) => {
              const current = data?.[slot.id]?.imageUrl;
              return (
                <Card key={slot.id} data-slot={slot.id}>
                  <img src={current ?? slot.fallback} alt={slot.label} loading="lazy" />
                  <h3>{slot.label}</h3>
                  <Muted>{current ? texts['current'] : texts['defaultImage']}</Muted>
                  <Button type="button" onClick={() => setEditing(slot)}>
                    {texts['changeImage']}
                  </Button>
                </Card>
              );
            })}
          </Grid>
        </section>
      ))}
      {editing && (
        <ChangeImageDialog
          key={editing.id}
          slot={editing}
          texts={texts}
          closeLabel={payload.ui['close'] ?? ''}
          onUploaded={(url) => uploaded(editing.id, url)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
