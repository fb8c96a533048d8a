import {
  useCallback,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import {
  buildButtonId,
  createButtonIdRegistry,
  DEFAULT_BUTTON_TYPE,
  resolveButtonState,
  type ButtonType,
  type ButtonVariant,
} from '@/lib/button';
import { cn } from './cn';
import { Spinner } from './spinner';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  default: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  // slate-600 on slate-100 keeps 4.5:1 even where a checker counts a disabled control (slate-500 was 4.34).
  disabled: 'cursor-not-allowed border border-slate-200 bg-slate-100 text-slate-600',
  default_colored: 'border border-brand-200 bg-brand-50 text-brand-800 hover:bg-brand-100',
  text: 'text-brand-700 hover:bg-brand-50 hover:text-brand-800',
  marine: 'bg-marine text-white shadow-sm hover:brightness-110',
  outline: 'border border-brand-600 bg-transparent text-brand-700 hover:bg-brand-50',
  cancel: 'bg-slate-100 text-slate-700 hover:bg-slate-200',
  sf_green_full: 'bg-sf-green text-white shadow-sm hover:brightness-110',
  yellow: 'bg-amber-400 text-slate-900 shadow-sm hover:bg-amber-300',
};

const SIZE_CLASSES = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
} as const;
export type ButtonSize = keyof typeof SIZE_CLASSES;

/** Classes of a button variant, for links that must look like buttons. */
export function getButtonClassName(variant: ButtonVariant, size: ButtonSize = 'md'): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    SIZE_CLASSES[size],
    VARIANT_CLASSES[variant],
  );
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: ButtonType;
  isLoading?: boolean;
  /** Text the id is built from when the children are not plain text. */
  idText?: string;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

const buttonIds = createButtonIdRegistry();

/** Hands the element to the caller's ref too. */
function setRef(ref: Ref<HTMLButtonElement> | undefined, node: HTMLButtonElement | null) {
  if (typeof ref === 'function') {
    return ref(node);
  }
  if (ref) {
    ref.current = node;
  }
}

/**
 * The built id, made unique on the page: claimed once mounted, before the browser paints, and
 * written on the element itself (React leaves an attribute alone while its prop is unchanged), so
 * no button renders twice for it. An explicit id is the caller's to keep unique.
 */
function useUniqueButtonId(
  base: string,
  isBuilt: boolean,
  ref: Ref<HTMLButtonElement> | undefined,
) {
  const elementRef = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    if (!isBuilt) {
      return;
    }
    const claimed = buttonIds.claim(base);
    if (elementRef.current) {
      elementRef.current.id = claimed;
    }
    return () => buttonIds.release(base, claimed);
  }, [base, isBuilt]);
  return useCallback(
    (node: HTMLButtonElement | null) => {
      elementRef.current = node;
      return setRef(ref, node);
    },
    [ref],
  );
}

/**
 * The studio's button (spec §4, §9): type `button` unless told, an id built from its type and
 * text, and while loading a spinner and no clicks.
 */
export function Button({
  variant,
  size = 'md',
  type = DEFAULT_BUTTON_TYPE,
  isLoading,
  disabled,
  idText,
  icon,
  id,
  className,
  children,
  ...rest
}: ButtonProps) {
  const state = resolveButtonState({ variant, isDisabled: disabled, isLoading });
  const text = idText ?? (typeof children === 'string' ? children : (rest['aria-label'] ?? ''));
  const builtId = buildButtonId(type, text);
  const buttonRef = useUniqueButtonId(builtId, id === undefined, rest.ref);
  return (
    <button
      {...rest}
      ref={buttonRef}
      id={id ?? builtId}
      type={type}
      disabled={state.isDisabled}
      aria-busy={state.isSpinnerShown || undefined}
      className={cn(getButtonClassName(state.variant, size), className)}
    >
      {state.isSpinnerShown ? <Spinner /> : icon}
      {children}
    </button>
  );
}
