// <bloom-calc>'s class (the package's "./element" export re-exports it from types/element.d.ts): what the element
// is, beside the attributes, properties and events generated from the calculators' fields into types/element.d.ts.
import type { BloomCalcCalculator, BloomCalcEventMap, BloomCalcProperties } from './element.js';

/** <bloom-calc>: an HTMLElement with the calculators' properties and typed listeners for its events. */
export interface BloomCalcElement extends HTMLElement, BloomCalcProperties {
  addEventListener<K extends keyof BloomCalcEventMap>(
    type: K,
    listener: (this: BloomCalcElement, ev: BloomCalcEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof BloomCalcEventMap>(
    type: K,
    listener: (this: BloomCalcElement, ev: BloomCalcEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export declare const BloomCalcElement: {
  prototype: BloomCalcElement;
  new (): BloomCalcElement;
};

/** The names of the calculators <bloom-calc> knows. */
export declare function calculatorNames(): BloomCalcCalculator[];

declare global {
  interface HTMLElementTagNameMap {
    'bloom-calc': BloomCalcElement;
  }
}
