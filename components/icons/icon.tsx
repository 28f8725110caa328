import type { SVGProps } from 'react';

/**
 * The one SVG renderer behind components/icons/icons.tsx (server components) and island-icons.tsx (browser islands):
 * `icon(name, nodes)` returns a component drawing Lucide's shape `nodes` with Lucide's classes
 * (`lucide lucide-{name}`); Lucide's stroke attributes are one CSS rule (app/globals.css `svg.lucide`). Like Lucide's, an icon without aria-label is hidden from assistive technology. No
 * 'use client': it renders to plain <svg> on the server and in the browser alike.
 */
export type IconNode = [
  tag: 'path' | 'circle' | 'rect' | 'line' | 'polyline' | 'polygon' | 'ellipse',
  attrs: Record<string, string>,
];

/** `name` is the Lucide icon name (for the class), `nodes` its shapes. */
export function icon(name: string, nodes: IconNode[]) {
  function Icon({ className, ...props }: SVGProps<SVGSVGElement>) {
    return (
      // Fill and stroke come from app/globals.css (`svg.lucide`). No xmlns: inline SVG in HTML needs none.
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        aria-hidden={props['aria-label'] ? undefined : true}
        className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
        {...props}
      >
        {nodes.map(([Tag, attrs], i) => (
          <Tag key={i} {...attrs} />
        ))}
      </svg>
    );
  }
  return Icon;
}
