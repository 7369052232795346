/**
 * Spec section 4: a last-in stack of active items (push, remove the most recent match, read the top). The kit
 * uses it for layered things where the newest one answers first (an open dialog over another).
 */
export interface LastInStack<T> {
  push(item: T): void;
  /** Removes the most recently pushed item equal to `item`; true when one was there. */
  remove(item: T): boolean;
  /** The most recent item, or undefined when empty. */
  top(): T | undefined;
  readonly size: number;
}

export function createLastInStack<T>(equals: (a: T, b: T) => boolean = Object.is): LastInStack<T> {
  const items: T[] = [];
  return {
    push: (item) => void items.push(item),
    remove: (item) => {
      for (let index = items.length - 1; index >= 0; index -= 1) {
        if (equals(items[index]!, item)) {
          items.splice(index, 1);
          return true;
        }
      }
      return false;
    },
    top: () => items[items.length - 1],
    get size() {
      return items.length;
    },
  };
}
