" vim-driver.vim: drives ALE as a person would, after the README's vimrc, in Vim's silent Ex mode (vim -es).
" Waits for the diagnostics, takes the preferred code action fixing one (ALE's own request, the menu's choice made
" here), hovers a name, then completes `schema:Per' through ALE's own request, parsing and filtering, writes the
" item over ALE's word as Vim's completion does and runs ALE's CompleteDone handler. Two of ALE's wrappers, which
" its own tests replace too, stand in for a screen: ale#util#Mode says insert mode, ale#util#ShowMessage records.
let s:seen = {}
let s:messages = []
function! ale#util#ShowMessage(string, ...) abort
  call add(s:messages, a:string)
endfunction
function! s:Finish(error) abort
  if a:error isnot# '' | let s:seen.error = a:error | endif
  let s:seen.lines = getline(1, '$')
  call writefile([json_encode(s:seen)], $PREFIXD_TEST_OUT)
  qall!
endfunction
function! s:Wait(what, Test) abort
  let l:deadline = reltimefloat(reltime()) + 40
  while reltimefloat(reltime()) < l:deadline
    let l:value = a:Test()
    if !empty(l:value) | return l:value | endif
    sleep 20m
  endwhile
  throw 'timed out waiting for ' . a:what
endfunction
let s:actions = []
function! s:Menu(data, actions) abort
  let s:actions = [a:data, a:actions]
endfunction
let s:completions = []
function! s:Completed(result) abort
  let s:completions = a:result
endfunction
try
  let s:seen.filetype = &filetype
  ALELint
  let s:found = s:Wait('diagnostics', {-> filter(copy(ale#engine#GetLoclist(bufnr(''))), 'v:val.text =~# "not a term"')})
  let s:seen.diagnostics = map(copy(ale#engine#GetLoclist(bufnr(''))), 'v:val.text')
  " :ALECodeAction on the diagnostic, its menu answered by the preferred action.
  call cursor(s:found[0].lnum, s:found[0].col)
  call ale#codefix#Execute(0, function('s:Menu'))
  call s:Wait('code actions', {-> s:actions})
  let s:seen.actions = map(copy(s:actions[1]), 'v:val[1].title')
  let s:preferred = filter(copy(s:actions[1]), 'get(v:val[1], "isPreferred", 0)')
  if !empty(s:preferred) | call ale#codefix#ApplyLSPCodeAction(s:actions[0], s:preferred[0][1]) | endif
  " :ALEHover on foaf:Person.
  call cursor(4, 13)
  ALEHover
  let s:seen.hover = s:Wait('hover', {-> join(s:messages, "\n")})
  " Completion at the end of `ex:alice a schema:Per', in insert mode.
  call cursor(5, len(getline(5)) + 1)
  function! ale#util#Mode(...) abort
    return 'i'
  endfunction
  let s:column = len(getline(5)) + 1
  let s:prefix = ale#completion#GetPrefix(&filetype, line('.'), s:column)
  let s:seen.prefix = s:prefix
  call ale#completion#GetCompletions('ale-callback', {'callback': function('s:Completed'), 'column': s:column})
  call s:Wait('completions', {-> s:completions})
  let s:seen.completion = map(copy(s:completions), 'v:val.word')
  let s:chosen = filter(copy(s:completions), 'v:val.word =~# "^Person$"')
  if !empty(s:chosen)
    " Vim's completion writes the item over the word before the cursor, then CompleteDone runs ALE's handler.
    let s:line = getline(5)
    call setline(5, s:line[: s:column - len(s:prefix) - 2] . s:chosen[0].word . s:line[s:column - 1 :])
    call ale#completion#HandleUserData(s:chosen[0])
  endif
  call s:Finish('')
catch
  call s:Finish(v:exception . ' at ' . v:throwpoint)
endtry
