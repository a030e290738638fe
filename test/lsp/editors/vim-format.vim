" vim-format.vim: runs :ALEFix as a person would, after the README's vimrc, in Vim's silent Ex mode (vim -es), in a
" buffer indented by two spaces; waits for ALE to change the buffer, writes the file, notes its lines as JSON in
" $PREFIXD_TEST_OUT and quits.
let s:seen = {}
function! s:Finish(error) abort
  if a:error isnot# '' | let s:seen.error = a:error | endif
  let s:seen.lines = getline(1, '$')
  call writefile([json_encode(s:seen)], $PREFIXD_TEST_OUT)
  qall!
endfunction
try
  let s:seen.filetype = &filetype
  setlocal shiftwidth=2 expandtab
  let s:before = getline(1, '$')
  ALEFix
  let s:deadline = reltimefloat(reltime()) + 40
  while getline(1, '$') ==# s:before && reltimefloat(reltime()) < s:deadline
    sleep 20m
  endwhile
  if getline(1, '$') ==# s:before | throw 'timed out waiting for :ALEFix to change the buffer' | endif
  write
  call s:Finish('')
catch
  call s:Finish(v:exception . ' at ' . v:throwpoint)
endtry
