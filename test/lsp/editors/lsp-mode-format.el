;;; lsp-mode-format.el --- formats a document through lsp-mode, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE (its folder taken as the project), waits for the server, sets the buffer's indentation
;; (two spaces), calls `lsp-format-buffer' and saves. Writes the buffer's lines as JSON to $PREFIXD_TEST_OUT and exits.

(require 'lsp-mode)
(load (expand-file-name "emacs-steps" (file-name-directory load-file-name)) nil t)

(setq lsp-session-file (expand-file-name "lsp-session" (getenv "HOME"))
      lsp-enable-snippet nil)

(condition-case err
    (let ((file (getenv "PREFIXD_TEST_FILE")))
      (lsp-workspace-folders-add (file-name-directory file))
      (find-file file)
      (unless (lsp-workspaces) (lsp))
      ;; Started, and past `initialize': its capabilities known, as when a person gets to formatting.
      (prefixd-test-wait "the server" (lambda () (and (bound-and-true-p lsp-mode) (lsp-workspaces)
                                                       (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized))))
      (setq-local indent-tabs-mode nil)
      (setq-local tab-width 2)
      ;; What lsp-mode sends as tabSize for a mode it has no entry for (lsp--formatting-indent-alist).
      (setq-local standard-indent 2)
      (lsp-format-buffer)
      (prefixd-test-note 'formatted (buffer-substring-no-properties (point-min) (point-max)))
      (save-buffer)
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
