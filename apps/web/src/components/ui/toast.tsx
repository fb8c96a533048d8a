import { TOAST_AUTO_CLOSE_MS } from '@conversa/contracts';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cn } from './cn';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';
/** An optional button in the toast, e.g. Undo after a soft delete. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastInput = { kind?: ToastKind; message: string; action?: ToastAction };
type Toast = Required<Omit<ToastInput, 'action'>> & { id: number; action?: ToastAction };

type ToastContextValue = { showToast: (toast: ToastInput) => void };

const ToastContext = createContext<ToastContextValue | null>(null);

const STYLES: Record<ToastKind, { accent: string; icon: typeof Info }> = {
  info: { accent: 'text-brand-600', icon: Info },
  success: { accent: 'text-green-600', icon: CircleCheck },
  warning: { accent: 'text-amber-500', icon: TriangleAlert },
  error: { accent: 'text-red-600', icon: CircleAlert },
};

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  const { accent, icon: Icon } = STYLES[toast.kind];
  return (
    <li className="pointer-events-auto flex w-80 items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg">
      <Icon className={cn('mt-0.5 size-4 shrink-0', accent)} aria-hidden="true" />
      <p className="flex-1">{toast.message}</p>
      {toast.action === undefined ? null : (
        <button
          type="button"
          onClick={() => {
            toast.action?.onClick();
            onClose(toast.id);
          }}
          className="-my-1 rounded px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label="Dismiss notification"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Toasts in the bottom-right corner, each closing itself after 3000 ms (spec §2, §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const close = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const showToast = useCallback((input: ToastInput) => {
    const id = nextId.current;
    nextId.current += 1;
    setToasts((current) => [
      ...current,
      {
        kind: input.kind ?? 'info',
        message: input.message,
        id,
        ...(input.action === undefined ? {} : { action: input.action }),
      },
    ]);
  }, []);
  const value = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* The live region stays mounted so screen readers announce toasts added to it. */}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 z-[60]"
      >
        <ol className="flex flex-col items-end gap-2">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={close} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) {
    throw new Error('useToast must be used inside <ToastProvider>');
  }
  return value;
}
