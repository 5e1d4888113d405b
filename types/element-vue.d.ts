// <bloom-calc> in Vue 3 templates (vue-tsc, Volar): `import type {} from 'bloomcalc/element/vue'` once, beside
// `import 'bloomcalc/element'`. Vue itself must be told the tag is a custom element (compilerOptions.isCustomElement,
// docs/embed.md); this gives the template its attributes and events. A file of its own, so that users without
// Vue need no Vue types.
import type { DefineComponent } from 'vue';
import type { BloomCalcAttributes, BloomCalcEventMap } from './element.js';

declare module 'vue' {
  interface GlobalComponents {
    'bloom-calc': DefineComponent<
      BloomCalcAttributes & {
        onResult?: (event: BloomCalcEventMap['result']) => void;
        onError?: (event: BloomCalcEventMap['error']) => void;
      }
    >;
  }
}
