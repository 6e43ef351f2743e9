/**
 * Webpack/Rspack loader that applies literal replacements to a dependency's file (see index.ts for
 * the list and the reasons). A replacement whose text is no longer in the file fails the build with
 * the file and the text, so a dependency upgrade that moves the code cannot silently undo a patch.
 */
module.exports = function patchLoader(source) {
  const {writtenFor, replacements} = this.getOptions();
  let patched = source;
  for (const {find, replace} of replacements) {
    if (!patched.includes(find)) {
      throw new Error(
        `dependency patch (written for ${writtenFor}): "${find}" is not in ${this.resourcePath}; update website/src/plugins/dependencyPatches`,
      );
    }
    patched = patched.split(find).join(replace);
  }
  return patched;
};
