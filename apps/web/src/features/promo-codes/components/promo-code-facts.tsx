import { type PromoClient, type PromoCode } from '@conversa/contracts';

export const STATUS_CLASSES: Record<PromoClient['status'], string> = {
  trial: 'bg-brand-50 text-brand-800',
  expired: 'bg-amber-50 text-amber-900',
  converted: 'bg-green-50 text-green-800',
  revoked: 'bg-slate-100 text-slate-700',
};

export type Confirmation =
  { kind: 'convert' | 'end' | 'revoke'; client: PromoClient } | { kind: 'delete'; code: PromoCode };

export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
