'use client';

import { Component, type ReactNode } from 'react';

type Props = {
  /** The section's own fallback text, already translated (server components pass `t('…Error')`). */
  fallback: string;
  children: ReactNode;
};

/**
 * Keeps one Community section's failure to that section (docs/SPEC-NOTES.md §2: each section has its own fallback message):
 * if anything inside throws while rendering in the browser, the section shows `fallback` in a polite status
 * panel and the rest of the page keeps working. Errors thrown while rendering on the server are turned into a
 * client render of the boundary by React, so they end up here too.
 */
export class SectionBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('[community] section failed to render:', error instanceof Error ? error.message : error);
  }

  render() {
    if (this.state.failed)
      return (
        <p
          role="status"
          className="rounded-2xl border border-dashed border-border p-6 text-center text-muted"
        >
          {this.props.fallback}
        </p>
      );
    return this.props.children;
  }
}
