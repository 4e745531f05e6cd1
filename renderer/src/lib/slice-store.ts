// Each feature reads the one app store through a context typed as its own slice, so a feature
// never needs to know the other slices (or import app/). app/ provides the same store to all.
import { createContext, useContext } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

export interface SliceContext<S> {
  Provider: React.Provider<StoreApi<S> | null>;
  /** Subscribe to a selection; objects and arrays are compared shallowly. */
  useSlice<T>(selector: (state: S) => T): T;
  /** The store itself, for actions called from effects and event handlers. */
  useSliceStore(): StoreApi<S>;
}

export function createSliceContext<S>(name: string): SliceContext<S> {
  const Context = createContext<StoreApi<S> | null>(null);
  function useSliceStore(): StoreApi<S> {
    const store = useContext(Context);
    if (!store) throw new Error(`${name} store is not provided (wrap the tree in AppStoreProvider)`);
    return store;
  }
  function useSlice<T>(selector: (state: S) => T): T {
    return useStore(useSliceStore(), useShallow(selector));
  }
  return { Provider: Context.Provider, useSlice, useSliceStore };
}
