import type { AvatarResourceType } from '@conversa/contracts';
import { useEffect, useState } from 'react';
import { buildAvatarUrl, DEFAULT_AVATAR_SRC, getActiveDotColor, getAvatarSrc } from '@/lib/avatar';
import { cn } from './ui/cn';

/** Fired when the signed-in user's profile or picture changed; avatars of that user reload. */
export const CURRENT_USER_UPDATED_EVENT = 'conversa:current-user-updated';

export function notifyCurrentUserUpdated(): void {
  window.dispatchEvent(new Event(CURRENT_USER_UPDATED_EVENT));
}

const SIZES = { sm: 'size-8', md: 'size-10', lg: 'size-14' } as const;

export type AvatarProps = {
  src: string | null | undefined;
  /** Empty for a decorative avatar next to the person's name. */
  alt: string;
  size?: keyof typeof SIZES;
  /** Green dot when true, grey when false, none when not given (spec §3). */
  isActive?: boolean;
  className?: string;
};

/**
 * A round picture that falls back to the product logo when the source is missing, contains
 * "undefined" or fails to load (spec §3 Avatar).
 */
export function Avatar({ src, alt, size = 'md', isActive, className }: AvatarProps) {
  // Remembering which source failed (rather than a flag) lets a new source try again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shownSrc = getAvatarSrc(src, failedSrc !== null && failedSrc === src);
  const dot = getActiveDotColor(isActive);
  return (
    <span className={cn('relative inline-flex shrink-0', SIZES[size], className)}>
      <img
        src={shownSrc}
        alt={alt}
        onError={() => {
          if (shownSrc !== DEFAULT_AVATAR_SRC && src != null) {
            setFailedSrc(src);
          }
        }}
        className="size-full rounded-full bg-white object-cover ring-1 ring-slate-200"
      />
      {dot === undefined ? null : (
        <span
          data-testid="avatar-active-dot"
          data-color={dot}
          className={cn(
            'absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-white',
            dot === 'green' ? 'bg-green-500' : 'bg-slate-400',
          )}
        >
          <span className="sr-only">{isActive ? 'Active' : 'Inactive'}</span>
        </span>
      )}
    </span>
  );
}

/**
 * The avatar of a user by their iam, reloaded (new cache-busting timestamp) whenever the
 * current-user-updated event fires (spec §4 User menu).
 */
export function UserAvatar({
  iam,
  resourceType = 'user',
  ...props
}: Omit<AvatarProps, 'src'> & { iam: string; resourceType?: AvatarResourceType }) {
  const [timestamp, setTimestamp] = useState(() => Date.now());
  useEffect(() => {
    const reload = () => setTimestamp(Date.now());
    window.addEventListener(CURRENT_USER_UPDATED_EVENT, reload);
    return () => window.removeEventListener(CURRENT_USER_UPDATED_EVENT, reload);
  }, []);
  return <Avatar {...props} src={buildAvatarUrl(iam, resourceType, timestamp)} />;
}
