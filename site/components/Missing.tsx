import type { Link as PageLink } from '../../engine/index.ts';
import type { Vars } from '../../engine/placeholders.ts';
import { BackLink } from './BackLink.tsx';
import { Container, StatusBox } from './ui.tsx';

/** What a page shows when the thing it is about does not exist ('Application not found'). */
export function Missing({
  text,
  back,
  vars,
}: {
  readonly text: string;
  readonly back?: PageLink | undefined;
  readonly vars: Vars;
}) {
  return (
    <Container css={{ padding: '$6 $4' }}>
      <BackLink link={back} vars={vars} />
      <StatusBox role="alert" css={{ marginTop: '$4' }}>
        <h1 tabIndex={-1}>{text}</h1>
      </StatusBox>
    </Container>
  );
}
