import { useShell } from '../app/context.ts';
import { styled } from '../styles/stitches.ts';
import { Grid } from '../components/ui.tsx';
import { balancedColumns } from '../lib/grid.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

/** Figures in balanced rows (6 -> 3x2 on wide screens, 2x3 on tablets), never one alone in a row. */
const List = styled(Grid, {
  gap: '$4',
  margin: 0,
  '& div': {
    padding: '$5',
    borderRadius: '$md',
    backgroundColor: '$bg',
    border: '1px solid $border',
    borderTop: '4px solid $accent',
  },
  '& dt': { color: '$muted', fontSize: '0.9rem', fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& dd': { margin: '$2 0 0', fontFamily: '$heading', fontSize: '1.45rem', fontWeight: 700, color: '$brand' },
});

/** Specification figures of the manifest (label and value), by id. */
export default function Figures({ section, index, vars }: SectionProps) {
  const { figures } = useShell();
  const shown = section.items.flatMap((id) => (typeof id === 'string' && figures[id] ? [{ id, ...figures[id] }] : []));
  const cols = balancedColumns(shown.length);
  return (
    <Frame section={section} index={index} vars={vars}>
      <List as="dl" cols={cols} data-cols={cols}>
        {shown.map((f) => (
          <div key={f.id}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </List>
    </Frame>
  );
}
