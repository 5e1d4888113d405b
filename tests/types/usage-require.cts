// Compile-time checks of the CommonJS entry's types (wasm/index.d.cts), through the package's name.
import createBloomCalc = require('bloomcalc');

export async function useRequire(): Promise<number> {
  const a: createBloomCalc.BloomCalc = await createBloomCalc();
  const b = await createBloomCalc.createBloomCalc({ locateFile: (path: string) => path });
  const c = await createBloomCalc.default();
  // @ts-expect-error options must be an object
  await createBloomCalc(5);
  return a.fpr({ m: 1000, n: 100, k: 7 }).exact + b.fpr({ m: 1, n: 1, k: 1 }).exact + c.fpr({ m: 1, n: 1, k: 1 }).exact;
}
