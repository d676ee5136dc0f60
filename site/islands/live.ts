import { useEffect, useState } from 'react';

/**
 * Whether the island is live: false in the server's render and in the one that hydrates it (so the
 * two agree), true from the render after the island's first effects on.
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}
