// One step per task, in the order given: elements rendered ahead (a page's build put their markup in declarative
// shadow roots) are upgraded all at once when <bloom-calc> is defined, but each already shows its markup, so what
// connecting does beyond that (adopting the styles, the toolbar, the fields) can wait its turn. A page of many
// calculators then has no single long task while they connect, and the first ones (document order: the top of
// the page) connect first.
const steps = [];

// a task of its own per step: a message (setTimeout is clamped to 4 ms once nested)
let channel = null;

function next() {
  const step = steps.shift();
  if (steps.length) channel.port2.postMessage(null);
  step();
}

/** Runs `step` in a task of its own, after the steps given before it. */
export function inTurn(step) {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = next;
  }
  steps.push(step);
  if (steps.length === 1) channel.port2.postMessage(null);
}
