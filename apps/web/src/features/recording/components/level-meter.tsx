import { cn } from '@/components/ui/cn';

const SEGMENTS = 16;

/** The microphone's loudness as a row of lights, so the person sees they are heard. */
export function LevelMeter({
  level,
  isActive,
  tone,
}: {
  level: number;
  isActive: boolean;
  /** `dark` over the camera picture, `light` on a white card. */
  tone: 'dark' | 'light';
}) {
  const percent = Math.round(Math.min(1, Math.max(0, level)) * 100);
  const lit = Math.round((percent / 100) * SEGMENTS);
  return (
    <div className="flex items-center gap-3">
      <div
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={isActive ? percent : 0}
        aria-valuetext={isActive ? `${percent}%` : 'No microphone'}
        className="flex h-3 flex-1 items-stretch gap-0.5"
      >
        {Array.from({ length: SEGMENTS }, (_, index) => {
          const isLit = isActive && index < lit;
          const zone = index >= SEGMENTS - 2 ? 'red' : index >= SEGMENTS - 5 ? 'amber' : 'green';
          return (
            <span
              key={index}
              aria-hidden="true"
              className={cn(
                'flex-1 rounded-[2px] transition-colors duration-75',
                !isLit && (tone === 'dark' ? 'bg-white/20' : 'bg-slate-200'),
                isLit && zone === 'green' && 'bg-green-500',
                isLit && zone === 'amber' && 'bg-amber-400',
                isLit && zone === 'red' && 'bg-red-500',
              )}
            />
          );
        })}
      </div>
    </div>
  );
}
