// Compile-time checks of <bloom-calc>'s types (types/element*.d.ts, generated from the calculators' fields by
// scripts/custom-elements.mjs), resolved as a consumer resolves them: bloomcalc/element, bloomcalc/element/react,
// bloomcalc/element/vue. React's and Vue's own types are stood in for by tests/types/stubs (tsconfig "paths").
/// <reference lib="dom" />
import { BloomCalcElement, calculatorNames, type BloomCalcAttributes, type BloomCalcCalculator } from 'bloomcalc/element';
import type {} from 'bloomcalc/element/react';
import type {} from 'bloomcalc/element/vue';
import type { JSX } from 'react';
import type { GlobalComponents } from 'vue';

// HTMLElementTagNameMap: querySelector and createElement know the element
const el = document.querySelector('bloom-calc');
if (el) {
  const same: BloomCalcElement = el;
  same.n = '2M';
  same.blockBits = '256';
  same.hashScheme = 'double';
  same.rounding = 'pow2';
  // @ts-expect-error: not one of the select's options
  same.rounding = 'pow3';
  const calc: BloomCalcCalculator = same.calculator;
  const result: unknown = same.result;
  const parameter: string | undefined = same.error?.parameter;
  const query: string = same.query;
  const state: Record<string, string> = same.state;
  same.addEventListener('result', (event) => console.log(event.detail, calc, result, parameter, query, state));
  same.addEventListener('error', (event) => console.log(event.detail.parameter));
  // @ts-expect-error: the result is read-only
  same.result = null;
}
const made = document.createElement('bloom-calc');
made.calculator = 'recycling';
// @ts-expect-error: no such calculator
made.calculator = 'nonesuch';
const names: BloomCalcCalculator[] = calculatorNames();
const ctor: typeof HTMLElement = BloomCalcElement;

const attrs: BloomCalcAttributes = { calculator: 'sizing', n: '1M', p: '1%', 'url-state': true, theme: 'dark', 'block-bits': '512' };
// @ts-expect-error: theme is light or dark
const badTheme: BloomCalcAttributes = { theme: 'blue' };

// React 19 JSX: the intrinsic element with its attributes and events
const props: JSX.IntrinsicElements['bloom-calc'] = { calculator: 'layouts', layout: 'blocked', id: 'x', onresult: (e) => console.log(e.detail) };
// @ts-expect-error: not a layout
const badProps: JSX.IntrinsicElements['bloom-calc'] = { layout: 'nonesuch' };

// Vue: a global component with the same attributes
type VueProps = InstanceType<GlobalComponents['bloom-calc']>['$props'];
const vueProps: VueProps = { calculator: 'paradox', prior: '1e-3', onResult: (e) => console.log(e.detail) };

export { names, ctor, attrs, badTheme, props, badProps, vueProps };
