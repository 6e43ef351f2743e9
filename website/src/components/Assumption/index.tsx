/**
 * `<Assumption id="..." because="...">`: the one form, in every MDX page (src/theme/MDXComponents.tsx), of
 * a statement the service does not confirm, shown once, where a reader needs it, as a "Not confirmed"
 * box (./NotConfirmedBox.tsx) with what to do either way; other pages and the specifications link to
 * `<page>#<id>`. The reason (`because`) stays in the source for the docs team (website/NOT-CONFIRMED.md):
 *
 *   <Assumption id="price-range-unit" because="The service gives `minValue` no unit.">
 *   The values are in whole units of the search's currency. Check them against the prices you get back.
 *   </Assumption>
 *
 * The anchor is reported to Docusaurus's link check, as headings report theirs, so a link to it counts.
 */
import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import NotConfirmedBox, {type NotConfirmedProps} from './NotConfirmedBox';

export default function Assumption(props: NotConfirmedProps): ReactNode {
  useBrokenLinks().collectAnchor(props.id);
  return <NotConfirmedBox {...props} />;
}
