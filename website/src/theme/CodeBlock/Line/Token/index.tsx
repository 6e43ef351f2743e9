/**
 * Wraps the theme's code token (@theme-original/CodeBlock/Line/Token): a token of a single type leaves
 * out its inline colour, which the stylesheet of src/plugins/codeColours gives it for the colour mode.
 * A token of several types, or an empty one (its style keeps the line's height), keeps its style.
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Line/Token';
import Token from '@theme-original/CodeBlock/Line/Token';

export default function TokenColouredByClass(props: Props): ReactNode {
  const single = props.token.types.length === 1 && !props.token.empty;
  return <Token {...props} style={single ? undefined : props.style} />;
}
