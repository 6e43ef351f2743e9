/**
 * Small, named corrections to dependencies, applied as the bundler reads their files (patchLoader.cjs
 * fails the build if a patched text disappears in an upgrade, naming the version the patch was written
 * for). Each entry of `patches` says the package and version it was written for (`writtenFor`, the
 * versions in package-lock.json when it was added and still installed) and, above it, why it is needed.
 * e2e/appearance.spec.ts checks what the Tabs and CodeBlock patches keep working (code kept through
 * hydration, a stored tab choice, dark-mode code colours after load); e2e/search.spec.ts searches
 * through the patched worker and checks the results page's limit; e2e/behaviour.spec.ts checks the
 * layouts the window size chooses, the category page's cards, the route scripts and prefetches, and the
 * head left as the server wrote it through hydration.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** How many results the search results page (`/search`) lists at most; the theme asks for 100. */
export const searchResultsPageLimit = 50;

/** Builds the search worker's index from the shipped documents (src/plugins/searchIndex). */
const indexFromDocumentsModule = path.join(__dirname, '..', 'searchIndex', 'indexFromDocuments.ts');

/** A literal text and what replaces it, or every match of a regular expression (its source). */
type Replacement = {find: string; replace: string} | {pattern: string; replace: string};

/** The client's prefetching of a route's code, @docusaurus/core's `docusaurus.js` (the patch below says why). */
export const prefetchFile = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/;
export const prefetchReplacements: Replacement[] = [
  {
    find: [
      'const getChunkNamesToLoad = (path) => Object.entries(routesChunkNames)',
      '    .filter(',
      '// Remove the last part containing the route hash',
      '// input: /blog/2018/12/14/Happy-First-Birthday-Slash-fe9',
      '// output: /blog/2018/12/14/Happy-First-Birthday-Slash',
      "([routeNameWithHash]) => routeNameWithHash.replace(/-[^-]+$/, '') === path)",
      '    .flatMap(([, routeChunks]) => Object.values(flat(routeChunks)));',
    ].join('\n'),
    replace: [
      '// The chunks of each route path (its name without the hash), gathered once (website/src/plugins/dependencyPatches).',
      'let chunkNamesByPath;',
      'const getChunkNamesToLoad = (path) => {',
      '    if (!chunkNamesByPath) {',
      '        chunkNamesByPath = new Map();',
      '        for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {',
      "            const routePath = routeNameWithHash.replace(/-[^-]+$/, '');",
      '            chunkNamesByPath.set(routePath, [...(chunkNamesByPath.get(routePath) ?? []), routeChunks]);',
      '        }',
      '    }',
      '    return (chunkNamesByPath.get(path) ?? []).flatMap((routeChunks) => Object.values(flat(routeChunks)));',
      '};',
      '// The chunks this page has loaded or asked for: the routes of the page read first, of each route',
      '// preloaded (a link pointed at, a page opened) and each chunk prefetched, so none is asked for twice.',
      'const chunksAskedFor = new Set();',
      'let pageChunksNoted = false;',
      'const noteChunksOf = (routePath) => {',
      '    for (const match of matchRoutes(routes, routePath)) {',
      '        for (const chunkName of getChunkNamesToLoad(match.route.path)) chunksAskedFor.add(chunkName);',
      '    }',
      '};',
    ].join('\n'),
  },
  {
    find: ['    const chunkNamesNeeded = matches.flatMap((match) => getChunkNamesToLoad(match.route.path));'].join(
      '\n',
    ),
    replace: [
      '    if (!pageChunksNoted) {',
      '        pageChunksNoted = true;',
      '        noteChunksOf(window.location.pathname);',
      '    }',
      '    const chunkNamesNeeded = matches',
      '        .flatMap((match) => getChunkNamesToLoad(match.route.path))',
      '        .filter((chunkName) => {',
      '            if (chunksAskedFor.has(chunkName)) return false;',
      '            chunksAskedFor.add(chunkName);',
      '            return true;',
      '        });',
    ].join('\n'),
  },
  {
    find: ['    loaded.add(routePath);', '    return preloadHelper(routePath);'].join('\n'),
    replace: [
      '    loaded.add(routePath);',
      '    noteChunksOf(routePath);',
      '    return preloadHelper(routePath);',
    ].join('\n'),
  },
];

/**
 * theme-common's code-block word wrap (`useCodeWordWrap`): whether a block scrolls sideways, which shows
 * its word-wrap button, was read from every block's `<pre>` once hydrated and on every resize of the
 * window, each read forcing a layout of the page inside the hydration's long task. The stylesheet
 * (src/css/custom.css) now leaves a block's lines undrawn until it is near the screen, and an undrawn
 * block's own scroll width counts none of them. So the width is read once the block is in view (an
 * IntersectionObserver), again in view after a resize, and from the lines' element (`code`), which
 * the browser lays out when asked, drawn or not. e2e/appearance.spec.ts checks the button on every
 * block of the longest guide, scrolled to, at load and after a resize.
 */
export const codeWordWrapReplacements: Replacement[] = [
  {
    find: [
      '        const { scrollWidth, clientWidth } = codeBlockRef.current;',
      '        const isScrollable = scrollWidth > clientWidth ||',
      "            codeBlockRef.current.querySelector('code').hasAttribute('style');",
    ].join('\n'),
    replace: [
      "        const code = codeBlockRef.current.querySelector('code');",
      '        const isScrollable = code.scrollWidth > codeBlockRef.current.clientWidth ||',
      "            code.hasAttribute('style');",
    ].join('\n'),
  },
  {
    find: [
      '    useEffect(() => {',
      '        updateCodeIsScrollable();',
      '    }, [isEnabled, updateCodeIsScrollable]);',
      '    useEffect(() => {',
      "        window.addEventListener('resize', updateCodeIsScrollable, {",
      '            passive: true,',
      '        });',
      '        return () => {',
      "            window.removeEventListener('resize', updateCodeIsScrollable);",
      '        };',
      '    }, [updateCodeIsScrollable]);',
    ].join('\n'),
    replace: [
      '    // Measured once the block is in view (website/src/plugins/dependencyPatches); returns a cancel.',
      '    const updateWhenSeen = useCallback(() => {',
      '        const block = codeBlockRef.current;',
      "        if (!block || typeof IntersectionObserver === 'undefined') {",
      '            updateCodeIsScrollable();',
      '            return undefined;',
      '        }',
      '        const observer = new IntersectionObserver((entries) => {',
      '            if (!entries.some((entry) => entry.isIntersecting)) return;',
      '            observer.disconnect();',
      '            updateCodeIsScrollable();',
      '        });',
      '        observer.observe(block);',
      '        return () => observer.disconnect();',
      '    }, [codeBlockRef, updateCodeIsScrollable]);',
      '    useEffect(() => updateWhenSeen(), [isEnabled, updateWhenSeen]);',
      '    useEffect(() => {',
      '        let cancel;',
      '        const onResize = () => {',
      '            cancel?.();',
      '            cancel = updateWhenSeen();',
      '        };',
      "        window.addEventListener('resize', onResize, { passive: true });",
      '        return () => {',
      '            cancel?.();',
      "            window.removeEventListener('resize', onResize);",
      '        };',
      '    }, [updateWhenSeen]);',
    ].join('\n'),
  },
];

/** theme-common's leading-emoji helper of the doc cards (the patch below says why). */
export const emojiUtilsFile = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]emojiUtils\.js$/;
export const emojiUtilsReplacements: Replacement[] = [
  {
    find: "const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });",
    replace: 'let segmenter;',
  },
  {
    find: 'const it = segmenter.segment(input)[Symbol.iterator]();',
    replace: [
      'if (/^[A-Za-z]/.test(input)) return { emoji: null, rest: input };',
      "segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });",
      'const it = segmenter.segment(input)[Symbol.iterator]();',
    ].join('\n'),
  },
];

const patches: {test: RegExp; writtenFor: string; replacements: Replacement[]}[] = [
  // The classic theme's `Tabs` and `CodeBlock` remount their whole content once hydrated (a key of
  // `useIsBrowser()`), so every code block of a page was rendered and tokenised by Prism twice on load
  // (the long guides have dozens, in three language tabs). Neither needs it any more: the colour mode
  // is read in an effect after hydration (theme-common's colorMode.js, "initialized in useEffect on
  // purpose") and the stored tab choice through `useSyncExternalStore`, whose server snapshot
  // hydration uses; both then update the hydrated markup like any state change. The `useIsBrowser()`
  // call goes too: the key was its only use, and it still re-rendered every block once hydrated, in
  // one task that is not time-sliced (an effect's update), parsing each block's lines again (the
  // theme's `createCodeBlockMetadata` is not memoised) and re-rendering its buttons.
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]Tabs[\\/]index\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [
      {find: 'key={String(isBrowser)}>', replace: '>'},
      {find: 'const isBrowser = useIsBrowser();', replace: ''},
    ],
  },
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]CodeBlock[\\/]index\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [
      {find: '<CodeBlockComp key={String(isBrowser)} {...props}>', replace: '<CodeBlockComp {...props}>'},
      {find: 'const isBrowser = useIsBrowser();', replace: ''},
    ],
  },
  // Each code block's metadata (its lines parsed for magic comments and highlighted ranges) was made
  // again at every render of the block, and every block renders again once hydrated, in a task that
  // does not yield: the word wrap's effects set their state (whether the block is in a hidden tab,
  // whether it scrolls sideways). Made once per block's props, those renders no longer parse it.
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]CodeBlock[\\/]Content[\\/]String\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [
      {find: 'return createCodeBlockMetadata({', replace: 'return React.useMemo(() => createCodeBlockMetadata({'},
      {
        find: 'showLineNumbers: props.showLineNumbers,\n  });',
        replace: [
          'showLineNumbers: props.showLineNumbers,',
          '  }), [prism, props.children, props.className, props.metastring, props.language, props.title, props.showLineNumbers]);',
        ].join('\n'),
      },
    ],
  },
  // The word wrap of each code block looks, once hydrated, for the hidden tab panel it is in, to be told
  // when the panel is shown. Its state started as `undefined` and a block in no hidden panel (every
  // block on load: the tabs are lazy) set it to `null`, re-rendering every block in one task that does
  // not yield. Starting as `null`, that first look changes nothing; a panel shown still re-renders its
  // blocks (its element, then `null`).
  {
    test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useCodeWordWrap\.js$/,
    writtenFor: '@docusaurus/theme-common 3.10.2',
    replacements: [
      {
        find: 'const [hiddenTabElement, setHiddenTabElement] = useState();',
        replace: 'const [hiddenTabElement, setHiddenTabElement] = useState(null);',
      },
      ...codeWordWrapReplacements,
    ],
  },
  // theme-common's `useShallowMemoObject` (each code block's word wrap observes its tab panel with it)
  // sorted the options' names with `localeCompare` on every render: the first call sets up the
  // locale's collation, some tens of milliseconds of a throttled phone's load, for an order that only
  // has to be the same each time. Names are compared by their characters.
  {
    test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    writtenFor: '@docusaurus/theme-common 3.10.2',
    replacements: [
      {
        find: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
        replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
      },
    ],
  },
  // A link in view prefetches its route's code (@docusaurus/core's Link and `docusaurus.prefetch`): for
  // each route the path matches, the chunk names were found by testing every route's name (some 300
  // here) with a regular expression, so the links seen at load (navbar, breadcrumbs, the first screen
  // of a guide) took a long task together on a throttled phone. The routes' chunks are gathered by path
  // once, and a route's names are read from its chunks (`flat`) only when the route is prefetched.
  // Each chunk is asked for once, and not at all if the page has it: every docs route shares the docs
  // layout's chunks, so a guide's few links in view asked again, each, for the five the guide had
  // loaded (19 prefetches where 4 were new, a task of their own when the page was first idle).
  // prefetch.test.ts checks the chunks prefetched are the original's, less those already asked for.
  {
    test: prefetchFile,
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: prefetchReplacements,
  },
  // A doc card (the category pages' cards, theme-classic's DocCard) takes a leading emoji of its label
  // as its icon (theme-common's `extractLeadingEmoji`). The module made an `Intl.Segmenter` when it
  // loaded and each card compiled an `\p{RGI_Emoji}` expression: on a throttled phone a third of a
  // second of the category page's main thread (Chromium's profiler, 4x slowdown), for labels that
  // start with a letter. No emoji starts with an ASCII letter (keycaps start with a digit, `#` or `*`),
  // so such a label is answered at once and the segmenter is made on first need.
  // emojiUtils.test.ts checks the patched function answers as the original on labels of each kind.
  {
    test: emojiUtilsFile,
    writtenFor: '@docusaurus/theme-common 3.10.2',
    replacements: emojiUtilsReplacements,
  },
  // A link prefetches its route's code once it is on screen (@docusaurus/core's Link, one intersection
  // observer each). The browser tells every observer of a page in one task, so the links seen at load
  // (a category page's cards, a guide's first screen) matched their routes against every route and
  // added their prefetch links in one long task (some 100 ms of a throttled phone's load on the category
  // page, Chromium's profiler). Each link prefetches when the page is next idle instead, at most 2 s
  // later; where there is no `requestIdleCallback` (Safari), after the task.
  {
    test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]Link\.js$/,
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: [
      {
        find: '                                window.docusaurus.prefetch(targetLink);',
        replace: [
          '                                // When the page is idle (website/src/plugins/dependencyPatches).',
          '                                const prefetchRoute = () => window.docusaurus.prefetch(targetLink);',
          "                                if (typeof window.requestIdleCallback === 'function') {",
          '                                    window.requestIdleCallback(prefetchRoute, { timeout: 2000 });',
          '                                }',
          '                                else {',
          '                                    setTimeout(prefetchRoute, 0);',
          '                                }',
        ].join('\n'),
      },
    ],
  },
  // The client's entry (main.js) matched the page's route and appended a script for each of its chunks
  // (react-loadable's `preload`, then webpack's loader: a quick start needs a dozen) in the same task as
  // main.js's evaluation, which made it the longest task of every page: some 300 ms of a throttled
  // phone's load on a quick start, the chunks' part a third of it (Chromium's profiler). The route's
  // chunks are loaded from the next task instead, so evaluation and loading are two shorter tasks; the
  // chunks' requests start a task later, and hydration starts when they have loaded, as before.
  {
    test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/,
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: [
      {
        find: [
          '    preload(window.location.pathname).then(() => {',
          '        startTransition(renderApp);',
          '    });',
        ].join('\n'),
        replace: [
          "    // From the next task: main.js's evaluation is one task, loading the route's chunks another",
          '    // (website/src/plugins/dependencyPatches).',
          '    setTimeout(() => {',
          '        preload(window.location.pathname).then(() => {',
          '            startTransition(renderApp);',
          '        });',
          '    }, 0);',
        ].join('\n'),
      },
    ],
  },
  // A page's HTML is to list its route's scripts (each chunk of the components and data it rendered) after
  // main.js, so that the browser fetches them while it parses the page: Docusaurus's template writes what
  // react-loadable reports the server rendered, looked up in the bundler's manifest. The route reported
  // its chunks' module names, but Rspack's manifest lists a chunk group by the chunk's name, so no route
  // script was found and every page listed main.js alone: main.js, once run, appended a script for each
  // of the route's chunks (a dozen on a quick start) in one task, and hydration waited for their
  // download. Reported by their chunk names, the scripts are in the HTML; the client's loader finds them
  // there, or already run, and adds none. e2e/behaviour.spec.ts checks a guide loads no script of its own.
  {
    test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]ComponentCreator\.js$/,
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: [
      {
        find: '            modules.push(chunkRegistry[1]);',
        replace: [
          "            // The chunk's name, by which the bundler's manifest lists its scripts",
          '            // (website/src/plugins/dependencyPatches).',
          '            modules.push(chunkName);',
        ].join('\n'),
      },
    ],
  },
  // The theme's client module for `prism.additionalLanguages` runs on every page, so main.js carried
  // prism-react-renderer whole (Prism, its themes, its React component) and Prism's components index
  // (a list of 300 languages, bundled even with no language listed), before any page had a code
  // block. The site lists no language there (the plugin below refuses one): the code block adds the
  // grammar it needs in its own chunk (src/theme/CodeBlock/Content/highlighted.tsx), where
  // prism-react-renderer loads too.
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [
      {
        find: [
          "import { Prism } from 'prism-react-renderer';",
          "import prismIncludeLanguages from '@theme/prism-include-languages';",
          'prismIncludeLanguages(Prism);',
        ].join('\n'),
        replace: '// prism.additionalLanguages: none (src/plugins/dependencyPatches)',
      },
    ],
  },
  // Every page's window size (theme-common's `useWindowSize`) starts as "ssr", as the server rendered,
  // and is set from the window in an effect once hydrated. On a phone that one update unmounts the docs
  // pages' desktop sidebar and table of contents and renders the navbar's mobile sidebar, the whole docs
  // sidebar again: an update from an effect is rendered in one task that never yields, hundreds of
  // milliseconds on a throttled phone. As a transition React renders it in slices between which the
  // page answers input; the result is the same. Until it is rendered the page shows what the server
  // rendered, which the stylesheet lays out for the width (Infima's breakpoint is the hook's).
  {
    test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
    writtenFor: '@docusaurus/theme-common 3.10.2',
    replacements: [
      {
        find: "import { useEffect, useState } from 'react';",
        replace: "import { startTransition, useEffect, useState } from 'react';",
      },
      {
        find: 'setWindowSize(getWindowSize(desktopBreakpoint));',
        replace: 'startTransition(() => setWindowSize(getWindowSize(desktopBreakpoint)));',
      },
    ],
  },
  // `useIsBrowser()` is false in hydration, as on the server, and turns true in an effect once hydrated.
  // An update from an effect is rendered in one task that never yields: every component that reads it
  // (the colour mode, the search box's shortcut hint, the code blocks' copy and word-wrap buttons, which
  // the theme mounts only in the browser) rendered and committed together, some 30 ms of a guide's load
  // unthrottled (Chromium's profiler), its longest task after main.js. As a transition React renders it in
  // slices between which the page answers input, then commits it as before; a reader's input in the
  // meantime is answered first.
  {
    test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]browserContext\.js$/,
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: [
      {
        find: "import React, { useEffect, useState } from 'react';",
        replace: "import React, { startTransition, useEffect, useState } from 'react';",
      },
      {
        find: '        setIsBrowser(true);',
        replace: '        startTransition(() => setIsBrowser(true));',
      },
    ],
  },
  // On a phone the docs sidebar reaches the navbar's menu through theme-common's secondary menu: the page's
  // mobile sidebar hands it over in an effect (`NavbarSecondaryMenuFiller`), and the menu marks it shown in
  // another. Each of those updates rendered the navbar and the whole docs sidebar in one task that never
  // yields (some 20 ms each on a phone's page load, 80 ms at a 4x slowdown: Chromium's profiler). As
  // transitions React renders them in slices; the menu holds the same sidebar (e2e/behaviour.spec.ts).
  {
    test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]contexts[\\/]navbarSecondaryMenu[\\/]content\.js$/,
    writtenFor: '@docusaurus/theme-common 3.10.2',
    replacements: [
      {
        find: "import React, { useState, useContext, useEffect, } from 'react';",
        replace: "import React, { startTransition, useState, useContext, useEffect, } from 'react';",
      },
      {
        find: '        setContent({ component, props: memoizedProps });',
        replace: '        startTransition(() => setContent({ component, props: memoizedProps }));',
      },
    ],
  },
  {
    test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]contexts[\\/]navbarSecondaryMenu[\\/]display\.js$/,
    writtenFor: '@docusaurus/theme-common 3.10.2',
    replacements: [
      {
        find: "import React, { useState, useContext, useEffect, useMemo, useCallback, } from 'react';",
        replace:
          "import React, { startTransition, useState, useContext, useEffect, useMemo, useCallback, } from 'react';",
      },
      {
        find: '        if (contentBecameAvailable) {\n            setShown(true);',
        replace: '        if (contentBecameAvailable) {\n            startTransition(() => setShown(true));',
      },
    ],
  },
  // Docusaurus's `<Head>` is react-helmet-async's `Helmet`, which applied the head of the page from the
  // render of each `Helmet` (its `init`), in the next animation frame. Hydration renders in slices, with
  // frames between them, so the page's head was applied half made, several times, as the layouts' and
  // the page's `Helmet`s rendered one after another: every meta and link tag the server wrote removed and
  // written again, the page's classes on `<html>` taken off and put back one by one, and each class
  // change on `<html>` restyles and lays out the whole page, a long guide's thousands of elements, in
  // the tasks after main.js. In the browser a `Helmet` now asks for the head to be applied once it is
  // mounted, updated or unmounted, and the requests of one commit are answered once, after it (a
  // microtask): each answer reads every `Helmet`, so one per `Helmet` made a commit of twenty of them
  // read four hundred. The head is applied whole, once, and what the server wrote stays as it is. The
  // server's `Helmet` still collects the head in render (it has no mount). The order of the `Helmet`s
  // (the page's over the layouts') is still their render order. e2e/behaviour.spec.ts checks the head
  // and `<html>` are left as the server wrote them through hydration, and that a page reached by a link
  // gets its own.
  {
    test: /[\\/]react-helmet-async[\\/]lib[\\/]index\.module\.js$/,
    writtenFor: 'react-helmet-async (@slorber/react-helmet-async) 1.3.0',
    replacements: [
      {
        find: [
          'r.componentDidUpdate=function(){this.emitChange()},',
          'r.componentWillUnmount=function(){this.props.context.helmetInstances.remove(this),this.emitChange()},',
        ].join(''),
        replace: [
          // One application of the head per commit (website/src/plugins/dependencyPatches)
          'r.emitAfterCommit=function(){var t=this,c=this.props.context;',
          'c.emitQueued||(c.emitQueued=!0,queueMicrotask(function(){c.emitQueued=!1,t.emitChange()}))},',
          // (the server renders once and mounts nothing: it never reaches these)
          'r.componentDidMount=function(){this.emitAfterCommit()},',
          'r.componentDidUpdate=function(){this.emitAfterCommit()},',
          'r.componentWillUnmount=function(){this.props.context.helmetInstances.remove(this),this.emitAfterCommit()},',
        ].join(''),
      },
      {
        find: 'r.init=function(){this.rendered||(this.rendered=!0,this.props.context.helmetInstances.add(this),this.emitChange())}',
        replace:
          'r.init=function(){this.rendered||(this.rendered=!0,this.props.context.helmetInstances.add(this),q.canUseDOM||this.emitChange())}',
      },
    ],
  },
  // Redoc's side menu loads its attribution logo from an outside host: a failed request and a console
  // error offline. It points to a local icon instead (static/img/reference-attribution.svg).
  {
    test: /[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
    writtenFor: 'redoc 2.5.4',
    replacements: [{find: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: '/img/reference-attribution.svg'}],
  },
  // The local search's worker loads a prebuilt lunr index from the index file; the site ships the
  // documents alone (src/plugins/searchIndex), so the worker builds each index from its documents.
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]worker\.js$/,
    writtenFor: '@easyops-cn/docusaurus-search-local 0.55.3',
    replacements: [
      {
        find: 'import lunr from "lunr";',
        replace: `import lunr from "lunr";\nimport {indexFromDocuments} from ${JSON.stringify(indexFromDocumentsModule)};`,
      },
      {find: 'index: lunr.Index.load(index),', replace: 'index: indexFromDocuments(lunr, documents),'},
      // The index's Chinese terms feed a Chinese dictionary; this site is English only.
      {find: 'for (const tuple of item.index.invertedIndex) {', replace: 'for (const tuple of []) {'},
    ],
  },
  // The local search's results page asks the worker for at most 100 results; it lists at most
  // `searchResultsPageLimit` (e2e/search.spec.ts checks the limit).
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
    writtenFor: '@easyops-cn/docusaurus-search-local 0.55.3',
    replacements: [
      {
        find: 'searchByWorker(versionUrl, searchContext, searchQuery, 100)',
        replace: `searchByWorker(versionUrl, searchContext, searchQuery, ${searchResultsPageLimit})`,
      },
    ],
  },
  // The search results page reads its query from the address (`?q=`) only once `useIsBrowser()` is true,
  // and writes its query back to the address from its first effect: in hydration that query is still
  // empty, so the address lost its `?q=`. The results page got it back only because the update that
  // turns `useIsBrowser()` true was rendered before the one from the address's change; as a transition
  // (the `browserContext.js` patch) it is rendered after, and the page showed no results. The query is not
  // written to the address before it has been read from it. e2e/search.spec.ts opens `/search?q=` pages.
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]hooks[\\/]useSearchQuery\.js$/,
    writtenFor: '@easyops-cn/docusaurus-search-local 0.55.3',
    replacements: [
      {
        find: ['        updateSearchPath: (searchValue) => {', '            const searchParams'].join('\n'),
        replace: [
          '        updateSearchPath: (searchValue) => {',
          '            // Not before the query has been read from the address (website/src/plugins/dependencyPatches).',
          '            if (!isBrowser)',
          '                return;',
          '            const searchParams',
        ].join('\n'),
      },
    ],
  },
];

/**
 * The chunk registry Docusaurus generates (`<generated files>/registry.js`) holds, for each chunk, its
 * loader, its module's name and its module id. The name is read on the server only, and since the
 * ComponentCreator patch above (a page's scripts found by chunk name) not at all; the browser's copy,
 * in main.js, carried about 7 KB of names (136 of them). The client's copy gets `0` in their place.
 * The line is written by @docusaurus/core's codegenRoutes.js.
 */
function clientRegistryPatch(generatedFilesDir: string) {
  const registry = path.join(generatedFilesDir, 'registry.js');
  return {
    test: new RegExp(`^${registry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: [
      {pattern: String.raw`\), "(?:[^"\\]|\\.)*", require\.resolveWeak\(`, replace: '), 0, require.resolveWeak('},
    ],
  };
}

export default function dependencyPatchesPlugin(context: LoadContext): Plugin {
  const {prism} = context.siteConfig.themeConfig as {prism?: {additionalLanguages?: string[]}};
  if (prism?.additionalLanguages?.length) {
    throw new Error(
      `themeConfig.prism.additionalLanguages (${prism.additionalLanguages.join(', ')}): this site adds Prism languages in src/theme/CodeBlock/Content/highlighted.tsx, in the highlighter's chunk; see src/plugins/dependencyPatches`,
    );
  }
  return {
    name: 'dependency-patches',
    configureWebpack(_config, isServer) {
      const applied = isServer ? patches : [...patches, clientRegistryPatch(context.generatedFilesDir)];
      return {
        module: {
          rules: applied.map(({test, writtenFor, replacements}) => ({
            test,
            enforce: 'pre' as const,
            loader: path.join(__dirname, 'patchLoader.cjs'),
            options: {writtenFor, replacements},
          })),
        },
      };
    },
  };
}
