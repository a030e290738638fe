-- Drives Neovim's own LSP client in a workspace folder (the README's init.lua, root_dir the current folder):
-- waits until the server has read the folder, completes `lv:s` with the built-in completion (<C-x><C-o>), hovers
-- lv:Plugin, then jumps to its definition with vim.lsp.buf.definition(). Writes what it saw as JSON to
-- $PREFIXD_TEST_OUT and quits; every step is polled on a timer.

local steps = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim-steps.lua')
local result, finish, when, request = steps.result, steps.finish, steps.when, steps.request

local function last_position()
  local last = vim.api.nvim_buf_line_count(0)
  local text = vim.api.nvim_buf_get_lines(0, last - 1, last, false)[1]
  return last, text
end

local function jump()
  vim.api.nvim_win_set_cursor(0, { 3, 12 })
  local hover = request('textDocument/hover', { textDocument = vim.lsp.util.make_text_document_params(), position = { line = 2, character = 12 } })
  result.hover = hover and hover.contents and hover.contents.value
  local from = vim.api.nvim_buf_get_name(0)
  vim.lsp.buf.definition()
  when('definition', function()
    local name = vim.api.nvim_buf_get_name(0)
    if name ~= from then return name end
  end, function(name)
    local cursor = vim.api.nvim_win_get_cursor(0)
    result.definition = { file = name, line = cursor[1], col = cursor[2], text = vim.api.nvim_get_current_line() }
    finish(nil)
  end)
end

when('server started', steps.started, function()
  when('workspace read', function()
    local last, text = last_position()
    local answer = request('textDocument/completion', { textDocument = vim.lsp.util.make_text_document_params(), position = { line = last - 1, character = #text } })
    local items = answer and (answer.items or answer)
    return items and items[1] and items[1].label == 'lv:symbol'
  end, function()
    steps.complete_at_end(function(items)
      result.info = items[1] and items[1].info
      vim.api.nvim_input('<C-e><Esc>')
      when('menu closed', function() return vim.fn.pumvisible() == 0 and vim.fn.mode() == 'n' end, jump)
    end)
  end)
end)
