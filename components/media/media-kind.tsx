import { Headphones, Image as ImageIcon, Video } from '@/components/icons/icons';

import type { MediaKind } from '@/lib/cms';

/** Message keys (namespace Media) and icons of the three media kinds. */
export const KIND_LABEL = { image: 'kindImage', video: 'kindVideo', audio: 'kindAudio' } as const;
export const KIND_ICON = { image: ImageIcon, video: Video, audio: Headphones } as const;

/** The kind's icon, decorative. */
export function KindIcon({ kind, className }: { kind: MediaKind; className?: string }) {
  const Icon = KIND_ICON[kind];
  return <Icon aria-hidden className={className} />;
}
