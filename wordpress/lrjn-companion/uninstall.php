<?php
/**
 * Removes the plugin's options. Content (posts of the plugin's types, their meta and terms) is kept on purpose.
 *
 * @package LRJN_Companion
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'lrjn_companion_site_url' );
delete_option( 'lrjn_companion_webhook_secret' );
delete_option( 'lrjn_companion_webhook_log' );
delete_option( 'lrjn_companion_redirects' );
delete_option( 'lrjn_companion_figures' );
wp_clear_scheduled_hook( 'lrjn_companion_retry_webhook' );
