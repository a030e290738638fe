;;; lsp-mode-driver.el --- drives lsp-mode as a person would, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE (its folder taken as the project, as a person answers lsp-mode's question), waits for
;; the diagnostics, takes the preferred code action fixing one, hovers a name, then completes `schema:Per' through
;; lsp-mode's completion-at-point table and accepts `schema:Person' as completion-at-point does. Writes what it saw
;; as JSON to $PREFIXD_TEST_OUT and exits.

(require 'lsp-mode)
(load (expand-file-name "emacs-steps" (file-name-directory load-file-name)) nil t)

(setq lsp-session-file (expand-file-name "lsp-session" (getenv "HOME"))
      lsp-enable-snippet nil
      lsp-auto-execute-action nil)

(condition-case err
    (let ((file (getenv "PREFIXD_TEST_FILE")))
      (lsp-workspace-folders-add (file-name-directory file))
      (find-file file)
      ;; lsp-deferred starts lsp-mode once the buffer is shown and Emacs idle: in batch, as it would then.
      (unless (lsp-workspaces) (lsp))
      (prefixd-test-wait "the server" (lambda () (and (bound-and-true-p lsp-mode) (lsp-workspaces))))
      (prefixd-test-note 'mode (symbol-name major-mode))
      (let ((diagnostics
             (prefixd-test-wait "diagnostics"
                                (lambda ()
                                  (cl-remove-if-not (lambda (d) (string-match-p "not a term" (lsp:diagnostic-message d)))
                                                    (gethash file (lsp-diagnostics t)))))))
        (prefixd-test-note 'diagnostics (vconcat (mapcar #'lsp:diagnostic-message (gethash file (lsp-diagnostics t)))))
        (let* ((range (lsp:diagnostic-range (car diagnostics)))
               (start (lsp:range-start range)))
          (goto-char (prefixd-test-line-position (lsp:position-line start) (lsp:position-character start)))
          (let* ((actions (lsp-code-actions-at-point))
                 (preferred (cl-find-if (lambda (a) (lsp:code-action-is-preferred? a)) actions)))
            (prefixd-test-note 'actions (vconcat (mapcar #'lsp:code-action-title actions)))
            (when preferred (lsp-execute-code-action preferred)))))
      (goto-char (prefixd-test-line-position 3 12))
      (let ((hover (lsp-request "textDocument/hover" (lsp--text-document-position-params))))
        (prefixd-test-note 'hover (lsp:markup-content-value (lsp:hover-contents hover))))
      (goto-char (prefixd-test-line-position 4 0))
      (end-of-line)
      (prefixd-test-complete (lsp-completion-at-point) "schema:Person" 10)
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
