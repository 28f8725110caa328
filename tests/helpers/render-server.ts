import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Renders a server component tree to HTML the way the RSC renderer does for this project's components: async
 * function components (server components that read or translate) are awaited first, in place; everything else
 * (host elements, sync and client components) is left to react-dom's static renderer, with its children already
 * resolved. Enough for pages whose async components pass their results down as children or render them
 * themselves; props other than `children` are not searched.
 */
export async function renderServer(element: ReactElement): Promise<string> {
  return renderToStaticMarkup((await resolve(element)) as ReactElement);
}

type AnyProps = { children?: ReactNode } & Record<string, unknown>;

async function resolve(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolve));
  if (!isValidElement<AnyProps>(node)) return node;
  const { type, props } = node;
  if (typeof type === 'function' && type.constructor.name === 'AsyncFunction')
    return resolve(await (type as (p: AnyProps) => Promise<ReactNode>)(props));
  if (props.children === undefined) return node;
  const children = await Promise.all(Children.toArray(props.children).map(resolve));
  return cloneElement(node, undefined, ...children);
}
