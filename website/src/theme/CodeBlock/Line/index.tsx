/**
 * Wraps the theme's code line (@theme-original/CodeBlock/Line): a line leaves out its inline colour,
 * the block's plain colour, which it inherits (src/plugins/codeColours says why).
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Line';
import Line from '@theme-original/CodeBlock/Line';

export default function LineWithoutInlineColour(props: Props): ReactNode {
  const {getLineProps} = props;
  return (
    <Line
      {...props}
      getLineProps={(input: Parameters<Props['getLineProps']>[0]) => ({...getLineProps(input), style: undefined})}
    />
  );
}
