// The few of React 19's types (@types/react) that types/element-react.d.ts uses, with their shapes, so that
// `npm run typecheck` checks the augmentation without React installed (the package has no React dependency).
export interface DOMAttributes<T> {
  children?: unknown;
  onClick?: (event: { currentTarget: T }) => void;
}
export interface HTMLAttributes<T> extends DOMAttributes<T> {
  id?: string | undefined;
  className?: string | undefined;
  hidden?: boolean | undefined;
  title?: string | undefined;
}
export interface ClassAttributes<T> {
  key?: string | number | null | undefined;
  ref?: { current: T | null } | ((instance: T | null) => void) | null | undefined;
}
export type DetailedHTMLProps<E extends HTMLAttributes<T>, T> = ClassAttributes<T> & E;
export namespace JSX {
  interface IntrinsicElements {
    div: DetailedHTMLProps<HTMLAttributes<HTMLDivElement>, HTMLDivElement>;
  }
}
