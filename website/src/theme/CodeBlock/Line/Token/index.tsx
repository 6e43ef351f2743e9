/**
 * Wraps the theme's code token (@theme-original/CodeBlock/Line/Token): a token of a single type leaves
 * out its inline colour, which the stylesheet of src/plugins/codeColours gives it for the colour mode.
 * A token of several types keeps its style. (Plain and empty tokens never come here: the line,
 * src/theme/CodeBlock/Line, writes plain text bare and leaves empty tokens out.)
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Line/Token';
import Token from '@theme-original/CodeBlock/Line/Token';

export default function TokenColouredByClass(props: Props): ReactNode {
  return <Token {...props} style={props.token.types.length === 1 ? undefined : props.style} />;
}
