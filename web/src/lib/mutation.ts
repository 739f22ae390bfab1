import {
  useMutation as useTanStackMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef } from 'react';

/** What a component does with one call's outcome: the parts of TanStack's mutate callbacks the shop uses. */
export interface MutateCallbacks<TData, TError> {
  onSuccess?: (data: TData) => void;
  onError?: (error: TError) => void;
}

/** Each state of TanStack's result (idle, pending, error, success) keeps its own fields. */
type WithMutate<TResult, TData, TError, TVariables> = TResult extends unknown
  ? Omit<TResult, 'mutate'> & { mutate: (variables: TVariables, callbacks?: MutateCallbacks<TData, TError>) => void }
  : never;

export type ShopMutationResult<TData, TError, TVariables, TContext> = WithMutate<
  UseMutationResult<TData, TError, TVariables, TContext>,
  TData,
  TError,
  TVariables
>;

/**
 * TanStack's `useMutation`, except that the callbacks given to `mutate` run whenever the component
 * is still on the page when the call settles. TanStack runs them only while its observer is
 * subscribed, and under Preact that subscription is made in an effect that runs after the next
 * paint: a call that settled before then (a tap just after the page appeared, or one held during
 * hydration and made right after it) lost its outcome, and a button was left with nothing to say.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): ShopMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useTanStackMutation(options);
  const mounted = useRef(false);
  // A layout effect runs as the component is committed, before any later tap can reach it.
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateCallbacks<TData, TError>) => {
      mutateAsync(variables).then(
        (data) => {
          if (mounted.current) callbacks?.onSuccess?.(data);
        },
        (error: TError) => {
          if (mounted.current) callbacks?.onError?.(error);
        },
      );
    },
    [mutateAsync],
  );
  return { ...mutation, mutate } as ShopMutationResult<TData, TError, TVariables, TContext>;
}
