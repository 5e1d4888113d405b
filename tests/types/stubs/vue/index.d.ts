// The few of Vue 3's types that types/element-vue.d.ts uses (DefineComponent, GlobalComponents), so that
// `npm run typecheck` checks the augmentation without Vue installed (the package has no Vue dependency).
export type DefineComponent<Props = {}> = { new (): { $props: Props } };
export interface GlobalComponents {}
