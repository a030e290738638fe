-- Drives Neovim's own LSP client as a person would, after the README's init.lua: waits for the
-- diagnostics, takes the code action fixing one, hovers a name, then completes `schema:Per` with the
-- built-in completion (<C-x><C-o>) and accepts `schema:Person`. Writes what it saw as JSON to
-- $PREFIXD_TEST_OUT and quits; every step is polled on a timer, so nothing here sleeps.

local steps = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim-steps.lua')
local result, finish, when, request = steps.result, steps.finish, steps.when, steps.request

local function complete()
  steps.complete_at_end(function(items)
    local pick
    for i, item in ipairs(items) do
      if item.word == 'schema:Person' then pick = i - 1 end
    end
    if pick == nil then return finish(nil) end
    result.info = items[pick + 1].info
    vim.api.nvim_select_popupmenu_item(pick, true, true, {})
    vim.api.nvim_input('<Esc>')
    when('declaration', function()
      for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
        if line:match('^@prefix schema:') then return true end
      end
    end, function() finish(nil) end)
  end)
end

when('server started', steps.started, function()
  when('diagnostics', function()
    local found = vim.diagnostic.get(0)
    for _, d in ipairs(found) do
      if d.user_data and d.user_data.lsp and d.user_data.lsp.code == 'unknown-term' then return found end
    end
  end, function(found)
    result.diagnostics = {}
    for _, d in ipairs(found) do table.insert(result.diagnostics, { line = d.lnum, col = d.col, message = d.message, code = d.user_data.lsp.code }) end
    local line = 3
    local lsp_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, line)
    local actions = request('textDocument/codeAction', {
      textDocument = vim.lsp.util.make_text_document_params(),
      range = lsp_diagnostics[1].range,
      context = { diagnostics = lsp_diagnostics },
    })
    result.actions = {}
    for _, action in ipairs(actions or {}) do
      table.insert(result.actions, action.title)
      if action.isPreferred and action.edit then vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16') end
    end
    local hover = request('textDocument/hover', {
      textDocument = vim.lsp.util.make_text_document_params(),
      position = { line = line, character = 12 },
    })
    result.hover = hover and hover.contents and hover.contents.value
    complete()
  end)
end)
