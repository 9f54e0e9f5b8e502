import type { Plugin } from 'vite';

/** A Mantine core component's class-name module, e.g. @mantine/core/esm/components/Button/Button.module.mjs. */
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+\.module\.mjs$/;
/** Its first line names the stylesheet it was built from: `//#region …/src/components/Button/Button.module.css`. */
const SOURCE_CSS = /src\/(?:[\w-]+\/)+([\w-]+)\.module\.css/;

/**
 * Mantine styles per component, following the code: every component's class-name module imports
 * that component's stylesheet (@mantine/core/styles/<Name>.css). A stylesheet thus lands in the
 * chunk whose code renders the component, so the login page and the rep's pages carry only the CSS
 * they use, and back-office components bring theirs in the back-office chunks. Dependencies come
 * first by themselves (Button imports UnstyledButton before its own classes), which is the order
 * Mantine asks for. The base files (baseline, CSS variables, global classes) are imported in main.tsx.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'mantine-css-per-component',
    transform: {
      filter: { id: CLASS_MODULE },
      handler(code, id) {
        const name = SOURCE_CSS.exec(code)?.[1];
        if (!name) this.error(`mantine-css-per-component: no stylesheet named in ${id}`);
        return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
      },
    },
  };
}
