import { useEffect, useRef } from 'react';

/**
 * The camera's live picture, mirrored like a mirror so moving left moves left on screen (the
 * take itself is not mirrored), and never cropped: the frame shown is the frame recorded.
 * Muted: the person must not hear themselves twice.
 */
export function LivePreview({ stream }: { stream: MediaStream }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) {
      return;
    }
    video.srcObject = stream;
    video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={videoRef}
      data-testid="camera-preview"
      aria-label="Camera preview"
      className="size-full -scale-x-100 object-contain"
      autoPlay
      muted
      playsInline
    />
  );
}
