/**
 * Inline code (wraps @theme-original/CodeInline, which MDX's one-line `code` renders) with a line break
 * opportunity (`<wbr>`) after each `/` of a path: on a phone a long path such as
 * `/apiservices/v3/flights/live/search/create` wraps at its separators instead of in the middle of a
 * word. The theme's `overflow-wrap: break-word` then only breaks a segment wider than a whole line.
 * Not after a leading `/` nor inside `//`, so no line is left holding a lone slash. `<wbr>` adds no
 * text: what the reader copies and what the search indexes is the same path.
 */
import type {ComponentProps, ReactNode} from 'react';
import CodeInline from '@theme-original/CodeInline';

/** `text` split after each `/` that follows a character and is not followed by another `/`. */
function pathSegments(text: string): string[] {
  return text.split(/(?<=.\/)(?!\/)/);
}

export default function CodeInlineWrapper(props: ComponentProps<typeof CodeInline>): ReactNode {
  const {children} = props;
  if (typeof children !== 'string' || !children.includes('/')) return <CodeInline {...props} />;
  const segments = pathSegments(children);
  return (
    <CodeInline {...props}>
      {segments.flatMap((segment, index) => (index === 0 ? [segment] : [<wbr key={index} />, segment]))}
    </CodeInline>
  );
}
