// <bloom-calc> in React 19's JSX: `import type {} from 'bloomcalc/element/react'` once (or list it in tsconfig
// "types"), beside `import 'bloomcalc/element'`. A file of its own, so that users without React need no React
// types. React 19 sets a custom element's props as properties when the element has them, and `onresult` /
// `onerror` add listeners for its events (docs/embed.md).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { BloomCalcAttributes, BloomCalcElement, BloomCalcEventMap } from './element.js';

export type BloomCalcJsxProps = DetailedHTMLProps<HTMLAttributes<BloomCalcElement>, BloomCalcElement> &
  Omit<BloomCalcAttributes, 'onerror'> & {
    onresult?: (event: BloomCalcEventMap['result']) => void;
    onerror?: (event: BloomCalcEventMap['error']) => void;
  };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'bloom-calc': BloomCalcJsxProps;
    }
  }
}
