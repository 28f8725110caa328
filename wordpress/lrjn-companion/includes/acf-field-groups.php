<?php
/**
 * ACF field groups for every field the website reads, registered as local (PHP) field groups when Advanced Custom
 * Fields is active. An editor with ACF then gets proper image, file, date, time, true/false, group and repeater
 * inputs instead of the raw Custom Fields panel, and every group has "Show in REST API" on, which ACF needs
 * before it puts a field in the `acf` REST field at all.
 *
 * Return formats are chosen for the site: images as ACF's image array (URL, alt text and size), files as their URL,
 * dates as `Ymd` (ACF's storage format, which the site parses) and times as `H:i`. The site asks for formatted
 * values (`?acf_format=standard`); without that parameter ACF gives raw values (attachment IDs), which the site
 * resolves with one media request. Repeater and gallery fields need ACF PRO; ACF without PRO skips those fields.
 *
 * The field names are the ones of lrjn_companion_acf_field_map() (acf-fields.php), which serves the same values
 * when ACF is not installed. Field groups edited in ACF's UI with the same keys take precedence over these.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * One ACF field definition.
 *
 * @param string $group Group key suffix (post type), to make the field key unique.
 * @param string $name  Field name (the meta key and the `acf` property).
 * @param string $label Label shown to editors.
 * @param string $type  ACF field type.
 * @param array  $extra Further ACF settings.
 * @return array
 */
function lrjn_companion_acf_field( $group, $name, $label, $type, array $extra = array() ) {
	$defaults = array(
		'image'       => array(
			'return_format' => 'array',
			'preview_size'  => 'medium',
			'library'       => 'all',
		),
		'file'        => array(
			'return_format' => 'url',
			'library'       => 'all',
		),
		'gallery'     => array(
			'return_format' => 'array',
			'preview_size'  => 'medium',
			'library'       => 'all',
		),
		'date_picker' => array(
			'display_format' => 'd/m/Y',
			'return_format'  => 'Ymd',
			'first_day'      => 1,
		),
		'time_picker' => array(
			'display_format' => 'H:i',
			'return_format'  => 'H:i',
		),
		'true_false'  => array(
			'ui'            => 1,
			'default_value' => 0,
		),
		'wysiwyg'     => array(
			'tabs'         => 'all',
			'toolbar'      => 'full',
			'media_upload' => 1,
		),
		'textarea'    => array( 'new_lines' => '' ),
		'select'      => array(
			'allow_null'    => 1,
			'return_format' => 'value',
		),
		'repeater'    => array(
			'layout'       => 'table',
			'button_label' => __( 'Add row', 'lrjn-companion' ),
		),
		'group'       => array( 'layout' => 'block' ),
	);
	$key   = 'field_lrjn_' . $group . '_' . $name;
	$field = array_merge(
		array(
			'key'   => $key,
			'name'  => $name,
			'label' => $label,
			'type'  => $type,
		),
		isset( $defaults[ $type ] ) ? $defaults[ $type ] : array(),
		$extra
	);
	if ( isset( $field['sub_fields'] ) ) {
		foreach ( $field['sub_fields'] as $i => $sub ) {
			$field['sub_fields'][ $i ]['key'] = $key . '_' . $sub['name'];
		}
	}
	return $field;
}

/**
 * The plugin's field groups, one per post type (ACF local field group arrays).
 *
 * @return array<int,array>
 */
function lrjn_companion_acf_field_groups() {
	$f = 'lrjn_companion_acf_field';

	$media_images = array();
	foreach (
		array(
			'featured_image'    => __( 'Featured image', 'lrjn-companion' ),
			'event_image'       => __( 'Event image', 'lrjn-companion' ),
			'publication_image' => __( 'Publication image', 'lrjn-companion' ),
			'cover_image'       => __( 'Cover image', 'lrjn-companion' ),
			'thumbnail'         => __( 'Thumbnail', 'lrjn-companion' ),
			'poster_image'      => __( 'Video poster image', 'lrjn-companion' ),
			'video_thumbnail'   => __( 'Video thumbnail', 'lrjn-companion' ),
		) as $name => $label
	) {
		$media_images[] = $f( 'media_archive', $name, $label, 'image' );
	}
	for ( $i = 1; $i <= 20; $i++ ) {
		/* translators: %d: number of the gallery image, 1 to 20. */
		$media_images[] = $f( 'media_archive', 'gallery_image_' . $i, sprintf( __( 'Gallery image %d', 'lrjn-companion' ), $i ), 'image' );
	}

	$people = array(
		'sub_fields' => array(
			array(
				'name'  => 'name',
				'label' => __( 'Name', 'lrjn-companion' ),
				'type'  => 'text',
			),
			array(
				'name'  => 'role',
				'label' => __( 'Role', 'lrjn-companion' ),
				'type'  => 'text',
			),
		),
	);

	$groups = array(
		'page'          => array(
			__( 'Page settings', 'lrjn-companion' ),
			array(
				$f( 'page', 'subtitle', __( 'Subtitle', 'lrjn-companion' ), 'text' ),
				$f( 'page', 'cta_text', __( 'Button text', 'lrjn-companion' ), 'text' ),
				$f( 'page', 'cta_link', __( 'Button link (a site path such as /community, or a URL)', 'lrjn-companion' ), 'text' ),
				$f( 'page', 'background_image', __( 'Background image', 'lrjn-companion' ), 'image' ),
				$f( 'page', 'about_video', __( 'Video (YouTube or Vimeo link)', 'lrjn-companion' ), 'url' ),
			),
		),
		'reports'       => array(
			__( 'Report details', 'lrjn-companion' ),
			array(
				$f( 'reports', 'organization', __( 'Organisation', 'lrjn-companion' ), 'text' ),
				$f( 'reports', 'pdf_file', __( 'Report PDF', 'lrjn-companion' ), 'file', array( 'mime_types' => 'pdf' ) ),
			),
		),
		'cause'         => array(
			__( 'Cause details', 'lrjn-companion' ),
			array( $f( 'cause', 'short_description', __( 'Short description', 'lrjn-companion' ), 'textarea' ) ),
		),
		'events'        => array(
			__( 'Event details', 'lrjn-companion' ),
			array(
				$f( 'events', 'event_date', __( 'Date (first session of a series)', 'lrjn-companion' ), 'date_picker', array( 'required' => 1 ) ),
				$f( 'events', 'event_time', __( 'Start time', 'lrjn-companion' ), 'time_picker' ),
				$f( 'events', 'event_end_time', __( 'End time', 'lrjn-companion' ), 'time_picker' ),
				$f( 'events', 'event_end_date', __( 'End date (several days, or the last session of a series)', 'lrjn-companion' ), 'date_picker' ),
				$f(
					'events',
					'event_recurrence',
					__( 'Repeats', 'lrjn-companion' ),
					'select',
					array(
						'choices' => array(
							'daily'       => __( 'Daily', 'lrjn-companion' ),
							'weekly'      => __( 'Weekly', 'lrjn-companion' ),
							'fortnightly' => __( 'Fortnightly', 'lrjn-companion' ),
						),
					)
				),
				$f(
					'events',
					'location_details',
					__( 'Place', 'lrjn-companion' ),
					'group',
					array(
						'sub_fields' => array(
							array(
								'name'  => 'venue_name',
								'label' => __( 'Venue', 'lrjn-companion' ),
								'type'  => 'text',
							),
							array(
								'name'  => 'address',
								'label' => __( 'Address', 'lrjn-companion' ),
								'type'  => 'text',
							),
							array(
								'name'  => 'city',
								'label' => __( 'Town or city', 'lrjn-companion' ),
								'type'  => 'text',
							),
							array(
								'name'  => 'postcode',
								'label' => __( 'Postcode', 'lrjn-companion' ),
								'type'  => 'text',
							),
						),
					)
				),
				$f( 'events', 'location', __( 'Place (one line, when there are no place details)', 'lrjn-companion' ), 'text' ),
				$f( 'events', 'post_code', __( 'Postcode (with the one-line place)', 'lrjn-companion' ), 'text' ),
				$f(
					'events',
					'venue',
					__( 'Venue (as events plugins give it: venue, city, postcode)', 'lrjn-companion' ),
					'repeater',
					array(
						'max'        => 1,
						'sub_fields' => array(
							array(
								'name'  => 'venue',
								'label' => __( 'Venue', 'lrjn-companion' ),
								'type'  => 'text',
							),
							array(
								'name'  => 'city',
								'label' => __( 'Town or city', 'lrjn-companion' ),
								'type'  => 'text',
							),
							array(
								'name'  => 'zip',
								'label' => __( 'Postcode', 'lrjn-companion' ),
								'type'  => 'text',
							),
						),
					)
				),
				$f( 'events', 'is_online', __( 'Online event', 'lrjn-companion' ), 'true_false' ),
				$f(
					'events',
					'registration_details',
					__( 'Registration', 'lrjn-companion' ),
					'group',
					array(
						'sub_fields' => array(
							array(
								'name'  => 'registration_url',
								'label' => __( 'Registration link', 'lrjn-companion' ),
								'type'  => 'url',
							),
						),
					)
				),
				$f( 'events', 'event_type', __( 'Kind of event (workshop, talk, social…)', 'lrjn-companion' ), 'text' ),
				$f(
					'events',
					'event_status',
					__( 'Status', 'lrjn-companion' ),
					'select',
					array(
						'choices' => array(
							'upcoming'    => __( 'Upcoming', 'lrjn-companion' ),
							'ongoing'     => __( 'Ongoing', 'lrjn-companion' ),
							'completed'   => __( 'Completed', 'lrjn-companion' ),
							'cancelled'   => __( 'Cancelled', 'lrjn-companion' ),
							'postponed'   => __( 'Postponed', 'lrjn-companion' ),
							'rescheduled' => __( 'Rescheduled', 'lrjn-companion' ),
							'moved online' => __( 'Moved online', 'lrjn-companion' ),
						),
					)
				),
				$f( 'events', 'speakers', __( 'Speakers', 'lrjn-companion' ), 'repeater', $people ),
				$f( 'events', 'organizers', __( 'Organisers', 'lrjn-companion' ), 'repeater', $people ),
				$f( 'events', 'agenda', __( 'Agenda', 'lrjn-companion' ), 'wysiwyg' ),
				$f( 'events', 'resources', __( 'Resources', 'lrjn-companion' ), 'wysiwyg' ),
				$f( 'events', 'follow_up', __( 'Follow-up', 'lrjn-companion' ), 'wysiwyg' ),
				$f( 'events', 'video_url', __( 'Video (YouTube or Vimeo link, or a video file URL)', 'lrjn-companion' ), 'url' ),
				$f( 'events', 'image', __( 'Event image (else the featured image)', 'lrjn-companion' ), 'image' ),
			),
		),
		'media_archive' => array(
			__( 'Media details', 'lrjn-companion' ),
			array_merge(
				array(
					$f(
						'media_archive',
						'media_type',
						__( 'Kind of media', 'lrjn-companion' ),
						'select',
						array(
							'choices' => array(
								'image'     => __( 'Image', 'lrjn-companion' ),
								'photo'     => __( 'Photo gallery', 'lrjn-companion' ),
								'video'     => __( 'Video', 'lrjn-companion' ),
								'interview' => __( 'Interview', 'lrjn-companion' ),
								'audio'     => __( 'Audio', 'lrjn-companion' ),
								'podcast'   => __( 'Podcast', 'lrjn-companion' ),
							),
						)
					),
					$f( 'media_archive', 'external_url', __( 'External link (YouTube, Vimeo or a web page)', 'lrjn-companion' ), 'url' ),
					$f( 'media_archive', 'media_file', __( 'Media file', 'lrjn-companion' ), 'file' ),
					$f( 'media_archive', 'podcast_audio_file', __( 'Podcast audio file', 'lrjn-companion' ), 'file', array( 'mime_types' => 'mp3,m4a,ogg,wav' ) ),
					$f( 'media_archive', 'image_gallery', __( 'Gallery', 'lrjn-companion' ), 'gallery' ),
				),
				$media_images
			),
		),
		'team_member'   => array(
			__( 'Team member details', 'lrjn-companion' ),
			array(
				$f( 'team_member', 'role', __( 'Role', 'lrjn-companion' ), 'text' ),
				$f( 'team_member', 'photo', __( 'Photo', 'lrjn-companion' ), 'image' ),
				$f( 'team_member', 'bio', __( 'Short biography', 'lrjn-companion' ), 'textarea' ),
				$f( 'team_member', 'email', __( 'E-mail address', 'lrjn-companion' ), 'email' ),
				$f( 'team_member', 'order', __( 'Position in the list (lower first)', 'lrjn-companion' ), 'number' ),
			),
		),
		'vacancy'       => array(
			__( 'Vacancy details', 'lrjn-companion' ),
			array(
				$f( 'vacancy', 'closing_date', __( 'Closing date', 'lrjn-companion' ), 'date_picker' ),
				$f( 'vacancy', 'hours', __( 'Hours', 'lrjn-companion' ), 'text' ),
				$f( 'vacancy', 'salary', __( 'Salary', 'lrjn-companion' ), 'text' ),
				$f( 'vacancy', 'location', __( 'Location', 'lrjn-companion' ), 'text' ),
				$f( 'vacancy', 'contract_type', __( 'Contract', 'lrjn-companion' ), 'text' ),
				$f( 'vacancy', 'how_to_apply', __( 'How to apply', 'lrjn-companion' ), 'wysiwyg' ),
			),
		),
	);

	$out = array();
	foreach ( $groups as $post_type => $group ) {
		$out[] = array(
			'key'                   => 'group_lrjn_' . $post_type,
			'title'                 => $group[0],
			'fields'                => $group[1],
			'location'              => array(
				array(
					array(
						'param'    => 'post_type',
						'operator' => '==',
						'value'    => $post_type,
					),
				),
			),
			'position'              => 'normal',
			'style'                 => 'default',
			'label_placement'       => 'top',
			'instruction_placement' => 'label',
			'active'                => true,
			// Without this ACF leaves the group's fields out of the REST API, and the site sees none of them.
			'show_in_rest'          => 1,
		);
	}

	/**
	 * Filters the ACF field groups the plugin registers (return an empty array to manage them in ACF's UI instead).
	 *
	 * @param array $groups ACF local field group arrays.
	 */
	return apply_filters( 'lrjn_companion_acf_field_groups', $out );
}

/**
 * Registers the field groups with ACF (once; ACF 6 calls `acf/include_fields`, older versions `acf/init`).
 */
function lrjn_companion_register_acf_field_groups() {
	static $done = false;
	if ( $done || ! function_exists( 'acf_add_local_field_group' ) ) {
		return;
	}
	$done = true;
	foreach ( lrjn_companion_acf_field_groups() as $group ) {
		acf_add_local_field_group( $group );
	}
}
add_action( 'acf/include_fields', 'lrjn_companion_register_acf_field_groups' );
add_action( 'acf/init', 'lrjn_companion_register_acf_field_groups' );
