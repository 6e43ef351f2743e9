/**
 * The bounds of a hosted run of the integration check (./limits.ts, from check/src/hosted/limits.ts), as a list
 * on the Integration check page (docs/getting-started/integration-check.mdx, "Hosted runs").
 */
import type {ReactNode} from 'react';
import {hostedRunBounds, type Part} from './limits';

const part = (piece: Part, at: number): ReactNode =>
  typeof piece === 'string' ? piece : <code key={at}>{piece.code}</code>;

export default function HostedCheckLimits(): ReactNode {
  return (
    <ul data-testid="hosted-check-limits">
      {hostedRunBounds.map((bound) => (
        <li key={typeof bound[0] === 'string' ? bound[0] : bound[0].code}>{bound.map(part)}</li>
      ))}
    </ul>
  );
}
